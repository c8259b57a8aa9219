"""Greedy word wrapping for plain-text emails."""


def wrap(text, width):
    """Split text into lines of at most width characters; long words stay whole."""
    lines = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            line = word
            lines.append(line)
        elif line:
            line += " " + word
        else:
            line = word
    if line:
        lines.append(line)
    return lines
