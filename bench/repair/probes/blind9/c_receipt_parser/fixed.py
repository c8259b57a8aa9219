"""Reading typed-up shopping receipts."""


def parse_line(line):
    """Split "Item name 1.25" into ("Item name", 1.25)."""
    name, price = line.strip().rsplit(" ", 1)
    return name, float(price)


def receipt_totals(lines):
    """Total spent per item over the receipt, skipping blank lines."""
    totals = {}
    for line in lines:
        if not line.strip():
            continue
        name, price = parse_line(line)
        totals[name] = round(totals.get(name, 0) + price, 2)
    return totals
