"""Grouping customer orders into picking batches, one batch per picking cart."""


def batch_orders(orders, capacity):
    """Split orders [(order_id, units), ...] into batches of order ids, keeping order.

    A new batch starts when the next order would push the cart over capacity units;
    an order bigger than the cart gets a cart of its own.
    """
    batches = []
    current = []
    load = 0
    for order_id, units in orders:
        if current and load + units > capacity:
            batches.append(current)
            current = []
        current.append(order_id)
        load += units
    if current:
        batches.append(current)
    return batches


def batch_loads(orders, batches):
    """Units in each batch, given the orders and the batches of order ids."""
    units = dict(orders)
    return [sum(units[order_id] for order_id in batch) for batch in batches]


def carts_needed(orders, capacity):
    """How many cart trips it takes to pick all the orders."""
    return len(batch_orders(orders, capacity))
