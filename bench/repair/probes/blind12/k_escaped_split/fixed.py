"""Splitting and joining log fields that use backslash escapes."""


def split_escaped(line, sep="|"):
    """Split `line` on `sep`, honouring backslash escapes.

    A backslash makes the next character literal (so '\\|' is a '|' inside a
    field and '\\\\' is one backslash); the escaping backslash is dropped.
    A backslash at the very end of the line is kept as is.
    """
    fields, current, i = [], "", 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            current += line[i + 1]
            i += 2
            continue
        if ch == sep:
            fields.append(current)
            current = ""
        else:
            current += ch
        i += 1
    fields.append(current)
    return fields


def escape_field(field, sep="|"):
    """Escape backslashes and separators so split_escaped can recover `field`."""
    return field.replace("\\", "\\\\").replace(sep, "\\" + sep)


def join_escaped(fields, sep="|"):
    """Join fields into one line that split_escaped splits back into `fields`."""
    return sep.join(escape_field(f, sep) for f in fields)


def parse_events(lines, sep="|"):
    """Return (user, action, detail) tuples; lines without 3 fields are skipped."""
    events = []
    for line in lines:
        fields = split_escaped(line.rstrip("\n"), sep)
        if len(fields) == 3:
            events.append(tuple(fields))
    return events
