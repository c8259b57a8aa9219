"""Invoice lines for bike rentals."""

HOURLY_RATES = {"city": 4.0, "mountain": 6.5, "ebike": 9.0}
HELMET_FEE = 2.0


def line_total(kind, hours, helmet=False):
    """Price for one rental line, rounded to cents."""
    amount = HOURLY_RATES[kind.lower()] * hours
    if helmet:
        amount += HELMET_FEE
    return round(amount, 2)


def invoice_total(lines):
    """Total over (kind, hours, helmet) lines."""
    return round(sum(line_total(*line) for line in lines), 2)


def format_invoice(lines):
    """Plain-text invoice, one row per line plus a total row."""
    rows = []
    for kind, hours, helmet in lines:
        rows.append(f"{kind:<10}{hours:>3}h {line_total(kind, hours, helmet):>7.2f}")
    rows.append(f"{'TOTAL':<14} {invoice_total(lines):>7.2f}")
    return "\n".join(rows)
