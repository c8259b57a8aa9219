"""Building and pricing a shopping list."""


def merge_lists(*lists):
    """Merge dicts of item -> quantity, adding up repeated items."""
    merged = {}
    for shopping in lists:
        for item, qty in shopping.items():
            merged[item] = merged.get(item, 0) + qty
    return merged


def missing_items(needed, stock):
    """Item -> quantity still to buy after using what is in stock."""
    to_buy = {}
    for item, qty in needed.items():
        short = qty - stock.get(item, 0)
        if short > 0:
            to_buy[item] = short
    return to_buy


def unit_price(price, qty):
    """Price per unit of an offer, or None when the offer has no stock."""
    return price / qty


def cheapest_offer(offers):
    """Store with the lowest unit price among (store, price, qty) offers; None if none."""
    best_store, best_price = None, None
    for store, price, qty in offers:
        per_unit = unit_price(price, qty)
        if per_unit is None:
            continue
        if best_price is None or per_unit < best_price:
            best_store, best_price = store, per_unit
    return best_store
