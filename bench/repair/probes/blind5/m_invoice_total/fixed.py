"""Invoice helpers for a small shop."""


def line_total(price, qty):
    """Return the cost of one invoice line."""
    return price * qty


def invoice_total(items, tax_rate=0.0):
    """Return the total of (price, qty) items plus tax; lines with qty None are skipped."""
    subtotal = 0.0
    for price, qty in items:
        if qty is None:
            continue
        subtotal += line_total(price, qty)
    return round(subtotal * (1 + tax_rate), 2)
