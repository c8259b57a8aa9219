"""Shipping rates for a web shop."""


def shipping_cost(weight_kg, order_total, oversized=False):
    """Return shipping cost: free for orders of 50+ unless oversized, else by weight tier."""
    if order_total >= 50:
        return 0.0
    if weight_kg <= 1:
        cost = 4.99
    elif weight_kg <= 5:
        cost = 9.99
    else:
        cost = 9.99 + 1.5 * (weight_kg - 5)
    if oversized:
        cost += 15.0
    return round(cost, 2)
