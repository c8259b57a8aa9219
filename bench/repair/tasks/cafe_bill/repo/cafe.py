"""Bills for a cafe order."""


def bill_total(order, prices):
    """Total in cents of an {item: quantity} order; items missing from prices cost nothing."""
    total = 0
    for item, quantity in order.items():
        total += prices.get(0, item) * quantity
    return total


def item_count(order):
    """Number of items ordered."""
    return sum(order.values())
