"""Build an outline from Markdown headings."""


def parse_heading(line):
    """Return (level, title) for an ATX heading line, or None.

    A heading is one to six "#" characters followed by a space.  Closing
    "#" characters and surrounding whitespace are removed from the title.
    """
    marker, _, rest = line.partition(" ")
    if not marker or set(marker) != {"#"} or len(marker) > 6:
        return None
    title = rest.rstrip("#").strip()
    return len(marker), title


def outline(text):
    """Return the (level, title) pairs of all headings in ``text``."""
    headings = []
    for line in text.splitlines():
        heading = parse_heading(line)
        if heading is not None:
            headings.append(heading)
    return headings
