"""Till calculations for cafe orders."""


def order_subtotal(items):
    """Sum of unit price times quantity for a list of (name, unit_price, qty) tuples."""
    return sum(price * qty for _, price, qty in items)


def order_total(items, tax_rate, tip_percent=0):
    """Total to charge: subtotal plus tax, plus an optional tip on the taxed amount.

    The result is rounded to whole cents.
    """
    taxed = order_subtotal(items) * (1 + tax_rate)
    total = taxed * (1 + tip_percent / 100)
    return total
