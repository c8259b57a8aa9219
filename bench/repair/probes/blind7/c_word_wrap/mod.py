"""Greedy word wrapping for plain-text output."""


def wrap(text, width):
    """Wrap text into lines no longer than width characters.

    Words are joined with single spaces; a word longer than width is put on
    its own line unbroken. Returns a list of lines.
    """
    lines = []
    current = []
    length = 0
    for word in text.split():
        extra = len(word) if not current else len(word) + 1
        if current and length + extra > width:
            lines.append(" ".join(current))
            current = []
            extra = len(word)
        current.append(word)
        length += extra
    if current:
        lines.append(" ".join(current))
    return lines


def wrap_paragraphs(text, width):
    """Wrap each blank-line separated paragraph; paragraphs stay separated by a blank line."""
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    return "\n\n".join("\n".join(wrap(p, width)) for p in paragraphs)
