"""Fulfilling orders from warehouse stock."""


def fulfil(stock, orders):
    """Ship each (sku, quantity) order in turn when enough of that sku is left in stock.

    Returns (remaining stock, skus of the orders that could not be shipped); the stock
    dict passed in is not changed.
    """
    remaining = dict(stock)
    backordered = []
    for sku, quantity in orders:
        if remaining[sku] >= quantity:
            remaining[sku] -= quantity
        else:
            backordered.append(sku)
    return remaining, backordered


def low_stock(stock, threshold):
    """Skus with fewer than threshold units, sorted."""
    return sorted(sku for sku, units in stock.items() if units < threshold)
