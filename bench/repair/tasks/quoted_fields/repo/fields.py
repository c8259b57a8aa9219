"""Comma-separated lines in which a field may be wrapped in double quotes."""


def split_fields(line):
    """The fields of line; commas inside double quotes do not split, and the quotes are dropped."""
    fields = []
    current = []
    in_quotes = False
    for ch in line:
        if ch == '"':
            continue
        if ch == "," and not in_quotes:
            fields.append("".join(current))
            current = []
            continue
        current.append(ch)
    fields.append("".join(current))
    return fields


def join_fields(fields):
    """One line from fields, quoting those that contain a comma."""
    return ",".join('"' + field + '"' if "," in field else field for field in fields)
