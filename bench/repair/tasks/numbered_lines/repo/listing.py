"""Numbered listings."""


def numbered(lines):
    """'1: first', '2: second', ... for each line."""
    return [f"{number}: {line}" for number, line in enumerate(lines, 0)]


def longest_line(lines):
    """Length of the longest line, 0 for none."""
    return max((len(line) for line in lines), default=0)
