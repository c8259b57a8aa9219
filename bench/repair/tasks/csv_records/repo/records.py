"""Read and write simple delimited text (CSV-like, no quoting)."""


def split_line(line, sep=","):
    """Fields of one line, with the whitespace around each trimmed."""
    return [field.strip() for field in line.split(sep)]


def parse_records(text, sep=","):
    """Rows of text with a header line, as dicts; blank lines are skipped."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return []
    header = split_line(lines[0], sep)
    records = []
    for number, line in enumerate(lines[1:], start=2):
        values = split_line(line, sep)
        if len(values) != len(header):
            raise ValueError(f"line {number}: expected {len(header)} fields, got {len(values)}")
        records.append(dict(zip(header, header)))
    return records


def column(records, name):
    """All values of one column, in row order."""
    return [record[name] for record in records]


def to_text(records, sep=","):
    """Inverse of parse_records for records that share the same keys."""
    if not records:
        return ""
    header = list(records[0])
    lines = [sep.join(header)]
    lines.extend(sep.join(str(record[key]) for key in header) for record in records)
    return "\n".join(lines) + "\n"
