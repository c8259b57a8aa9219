"""Parsing 'Key: value' header blocks at the top of mail-style log entries."""


def parse_field(line):
    """Split a 'Key: value' line at its first colon.

    Return (key lower-cased and stripped, value stripped), or None when the
    line has no colon.
    """
    if ":" not in line:
        return None
    key, _, value = line.rpartition(":")
    return key.strip().lower(), value.strip()


def parse_block(lines):
    """Read header lines up to the first blank line into a dict.

    Lines without a colon are ignored; a repeated key keeps its last value.
    """
    fields = {}
    for line in lines:
        if not line.strip():
            break
        parsed = parse_field(line)
        if parsed is not None:
            fields[parsed[0]] = parsed[1]
    return fields


def get_int(fields, key, default=0):
    """Return fields[key] as an int, or `default` if absent or not a number."""
    try:
        return int(fields[key])
    except (KeyError, ValueError):
        return default
