"""Turning pasted tables into records (dicts keyed by the header cells)."""


def markdown_rows(text):
    """Records of a Markdown table: a header row, a |---| separator row, then the data rows."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in text.strip().splitlines()]
    header = rows.pop(0)
    rows.pop(0)
    return [dict(zip(header, row)) for row in rows]


def csv_rows(text):
    """Records of a CSV table whose first line is the header."""
    rows = [[cell.strip() for cell in line.split(",")] for line in text.strip().splitlines()]
    header = rows.pop(0)
    rows.pop(0)
    return [dict(zip(header, row)) for row in rows]
