"""Shopping cart as a mapping isbn -> quantity. Functions return new carts."""

MAX_PER_TITLE = 10


def add_item(cart, isbn, qty=1):
    updated = dict(cart)
    updated[isbn] = min(updated.get(isbn, 0) + qty, MAX_PER_TITLE)
    return updated


def remove_item(cart, isbn, qty=1):
    """Lower the quantity; the title disappears when it reaches zero."""
    updated = cart
    remaining = updated.get(isbn, 0) - qty
    if remaining > 0:
        updated[isbn] = remaining
    else:
        updated.pop(isbn, None)
    return updated


def item_count(cart):
    return sum(cart.values())
