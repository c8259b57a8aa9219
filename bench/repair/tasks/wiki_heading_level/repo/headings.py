"""Headings of the wiki markup: '# Title', '## Section', '### Subsection'."""


def heading_level(line):
    """Number of leading '#' characters of line (0 for ordinary text)."""
    if line[0] != "#":
        return 0
    return 1 + heading_level(line[1:])


def parse_heading(line):
    """(level, title) for a heading line such as '## Setup', or None for any other line.

    A heading needs a space after the hashes and a non-empty title.
    """
    level = heading_level(line)
    rest = line[level:]
    if level == 0 or not rest.startswith(" ") or not rest.strip():
        return None
    return level, rest.strip()


def table_of_contents(lines, max_level=3):
    """Titles of the headings in lines down to max_level, indented two spaces per level."""
    outline = []
    for line in lines:
        heading = parse_heading(line)
        if heading is None or heading[0] > max_level:
            continue
        level, title = heading
        outline.append("  " * (level - 1) + title)
    return outline


def heading_anchor(title):
    """Anchor id for a heading title: lower case, words joined by '-', punctuation dropped."""
    words = ["".join(ch for ch in word if ch.isalnum()) for word in title.lower().split()]
    return "-".join(word for word in words if word)
