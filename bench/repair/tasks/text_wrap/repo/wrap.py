"""Plain-text formatting for terminal output: wrapping, indenting, truncating."""


def wrap(text, width):
    """Greedy word wrap into lines of at most `width` characters.

    Words longer than `width` are put on a line of their own, never split.
    """
    if width < 1:
        raise ValueError("width must be at least 1")
    lines = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) < width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def fill(text, width):
    """wrap() joined with newlines."""
    return "\n".join(wrap(text, width))


def indent(text, prefix):
    """Prefix every non-blank line of text."""
    return "\n".join(prefix + line if line.strip() else line for line in text.split("\n"))


def truncate(text, width, ellipsis="..."):
    """Cut text to at most `width` characters, marking the cut with ellipsis."""
    if len(text) <= width:
        return text
    if width <= len(ellipsis):
        return ellipsis[:width]
    return text[: width - len(ellipsis)] + ellipsis
