"""Rows of a text table."""


def data_rows(lines):
    """The rows (lists of fields) after the header line of comma-separated lines."""
    rows = [line.split(",") for line in lines]
    rows = rows[1:]
    rows = rows[1:]
    return rows


def header(lines):
    """The header's field names."""
    return lines[0].split(",")
