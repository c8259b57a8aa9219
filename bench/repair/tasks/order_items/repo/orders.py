"""Order statistics."""


def items_ordered(orders):
    """Total number of items over orders {id, items: [...]}."""
    return sum(order["items"] for order in orders)


def largest_order(orders):
    """Id of the order with the most items."""
    return max(orders, key=lambda order: len(order["items"]))["id"]
