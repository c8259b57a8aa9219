"""Deciding which customer orders can go out today."""


def available(stock, sku):
    """Return units of `sku` in stock (0 for an unknown SKU)."""
    return stock.get(sku, 0)


def can_ship(order, stock):
    """Return True when every line of `order` can be picked in full.
    An order is {"id": ..., "lines": [(sku, qty), ...]}."""
    return all(available(stock, sku) > qty for sku, qty in order["lines"])


def ship(order, stock):
    """Take `order`'s lines out of `stock` (a dict, changed in place).
    Raise ValueError if the order cannot be shipped in full."""
    if not can_ship(order, stock):
        raise ValueError("order %s cannot be shipped in full" % order["id"])
    for sku, qty in order["lines"]:
        stock[sku] -= qty


def allocate(orders, stock):
    """Ship orders first come, first served. Orders that cannot go out in full
    are held back. Return (shipped_ids, held_ids); `stock` is updated."""
    shipped, held = [], []
    for order in orders:
        if can_ship(order, stock):
            ship(order, stock)
            shipped.append(order["id"])
        else:
            held.append(order["id"])
    return shipped, held
