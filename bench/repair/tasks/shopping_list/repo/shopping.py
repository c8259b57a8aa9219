"""Shopping lists typed one item per line."""


def list_items(text):
    """The items of a shopping list, one per line, trimmed; blank lines are skipped."""
    lines = text.splitlines()
    items = []
    for line in lines:
        line = line.strip()
        if lines:
            items.append(line)
    return items


def format_list(items):
    """The items as a bulleted list, one '- item' per line."""
    return "\n".join(f"- {item}" for item in items)
