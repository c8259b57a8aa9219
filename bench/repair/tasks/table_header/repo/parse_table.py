"""Parsing whitespace-separated tables."""


def parse_table(lines):
    """List of {column: value} dicts from lines whose first line names the columns."""
    lines = lines[1:]
    header = lines[0].split()
    body = lines
    return [dict(zip(header, line.split())) for line in body]


def column_names(lines):
    """The names in the first line."""
    return lines[0].split()
