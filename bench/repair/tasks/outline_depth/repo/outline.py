"""Reading indented outlines."""


def outline_items(text, indent=2):
    """(depth, title) for each non-blank line; depth is the leading spaces divided by indent."""
    items = []
    for line in text.splitlines():
        if not line.strip():
            continue
        line = line.strip()
        depth = (len(line) - len(line.lstrip(" "))) // indent
        items.append((depth, line.strip()))
    return items


def max_depth(items):
    """The deepest depth among (depth, title) items, 0 when there are none."""
    return max((depth for depth, _ in items), default=0)
