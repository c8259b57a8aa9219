"""Reading fixed-width bank export lines."""

LAYOUT = [("date", 12), ("account", 10), ("amount", 10), ("memo", 20)]


def split_fixed(line, widths):
    """Cut `line` into consecutive fields of the given widths.

    Each field has its padding spaces stripped. A line shorter than the total
    width gives empty strings for the fields it does not reach.
    """
    fields = []
    pos = 0
    for w in widths:
        fields.append(line[pos:pos + w].strip())
        pos += w
    return fields


def parse_record(line, layout=LAYOUT):
    """Return a dict mapping each layout name to its field text."""
    names = [name for name, _ in layout]
    widths = [width for _, width in layout]
    return dict(zip(names, split_fixed(line.rstrip("\n"), widths)))


def parse_amount(text):
    """Turn '1234.50' or '-12.00' (possibly empty) into integer cents; empty is 0."""
    if not text:
        return 0
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.lstrip("+-").partition(".")
    return sign * (int(whole or "0") * 100 + int((frac + "00")[:2]))


def read_records(lines, layout=LAYOUT):
    """Parse every non-blank line into a record dict."""
    return [parse_record(line, layout) for line in lines if line.strip()]
