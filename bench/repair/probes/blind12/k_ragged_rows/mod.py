"""Loading loosely formatted CSV text exported by spreadsheet users."""


def split_line(line, sep=","):
    """Split one line on `sep`, stripping whitespace around every field."""
    return [field.strip() for field in line.rstrip("\r\n").split(sep)]


def row_to_dict(header, row, fill=""):
    """Map each header name to the value in the same position of `row`.

    A row shorter than the header gets `fill` for the missing columns;
    values beyond the header are ignored.
    """
    return {name: row[i] for i, name in enumerate(header)}


def read_table(lines, sep=","):
    """Return a list of record dicts; the first non-blank line is the header.

    Blank lines are skipped.
    """
    rows = [split_line(line, sep) for line in lines if line.strip()]
    if not rows:
        return []
    header = rows[0]
    return [row_to_dict(header, row) for row in rows[1:]]


def column(records, name):
    """Return the values of column `name`, in record order."""
    return [rec[name] for rec in records]
