"""Fitting text onto the narrow lines of a parcel label."""


def wrap_line(text, width):
    """Split text into lines of at most width characters.

    Lines are broken at the last space that fits, or cut at width when a word is longer
    than a whole line; surrounding spaces are dropped.
    """
    text = text.strip()
    if not text:
        return []
    cut = text.rfind(" ", 0, width + 1)
    if cut <= 0:
        cut = width
    return [text[:cut].rstrip()] + wrap_line(text[cut:], width)


def wrap_label(lines, width, max_lines):
    """All the lines of a label wrapped to width; None when the result has over max_lines lines."""
    wrapped = [part for line in lines for part in wrap_line(line, width)]
    if len(wrapped) > max_lines:
        return None
    return wrapped
