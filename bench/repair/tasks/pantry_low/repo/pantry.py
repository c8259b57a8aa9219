"""Keeping track of what is left in the pantry."""


def low_items(stock, threshold):
    """Names of the items with fewer than threshold units left, alphabetically."""
    low = []
    for name, quantity in stock:
        if quantity < threshold:
            low.append(name)
    return sorted(low)


def restock(stock, deliveries):
    """A new stock dictionary with the delivered quantities added."""
    updated = dict(stock)
    for name, quantity in deliveries.items():
        updated[name] = updated.get(name, 0) + quantity
    return updated
