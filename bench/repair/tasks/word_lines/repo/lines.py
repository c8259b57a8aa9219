"""Breaking words into lines of a maximum width."""


def split_lines(words, width):
    """Greedy lines of words joined by spaces, each at most width characters (a longer
    word gets a line of its own)."""
    lines = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if len(candidate) > width and current:
            lines.append(current)
            current = word
        else:
            current = candidate
    return lines


def line_count(words, width):
    """How many lines split_lines makes."""
    return len(split_lines(words, width))
