"""Shopping cart checkout."""


def checkout_total(prices, coupon=0.0, tax_rate=0.08):
    """Sum item prices, subtract a coupon (not below zero), add tax, round to cents."""
    subtotal = 0.0
    for price in prices:
        subtotal += price
    subtotal = max(subtotal - coupon, 0.0)
    return round(subtotal * (1 + tax_rate), 2)


def item_count_label(prices):
    """Return a label like '3 items' or '1 item'."""
    n = len(prices)
    return f"{n} item" if n == 1 else f"{n} items"
