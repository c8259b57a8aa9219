"""Cleaning values from simple exported CSV lines (no embedded commas)."""


def unquote(value):
    """Strip surrounding whitespace, then one pair of enclosing double quotes.

    Inside a quoted value a doubled quote ("") stands for one quote character.
    Values that are not enclosed in quotes are returned stripped but unchanged.
    """
    v = value.strip()
    if len(v) > 2 and v[0] == '"' and v[-1] == '"':
        return v[1:-1].replace('""', '"')
    return v


def parse_row(line):
    """Split a line on commas and unquote every field."""
    return [unquote(field) for field in line.rstrip("\r\n").split(",")]


def to_record(header, line):
    """Return a dict of header name -> cleaned value for one data line."""
    return dict(zip(header, parse_row(line)))


def blank_fields(record):
    """Return the sorted names of fields whose cleaned value is empty."""
    return sorted(name for name, value in record.items() if value == "")
