"""Wrapping and trimming lines of text."""


def wrap(text, width):
    """Greedy word wrap; a word longer than width gets a line of its own."""
    lines, current = [], ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def truncate(text, width, marker="..."):
    """Cut text to at most width characters, ending with marker when cut."""
    if len(text) <= width:
        return text
    return text[:width - len(marker) + 1] + marker


def pad_right(text, width, fill=" "):
    """Pad text on the right up to width characters."""
    return text + fill * max(0, width - len(text))


def chunk(text, size):
    """Split text into pieces of size characters; the last may be shorter."""
    return [text[i:i + size] for i in range(0, len(text), size)]
