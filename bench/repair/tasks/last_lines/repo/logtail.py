"""Reading the end of a log."""


def tail(lines, count):
    """The last count lines (all of them if there are fewer)."""
    if count <= 0:
        return []
    start = max(0, len(lines) - count + 1)
    return lines[start:]


def errors(lines):
    """The lines that report an error."""
    return [line for line in lines if line.startswith("ERROR")]
