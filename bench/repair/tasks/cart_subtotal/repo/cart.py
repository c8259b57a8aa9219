"""Shopping cart sums."""


def cart_subtotal(lines):
    """Sum of price * quantity over (price, quantity) lines."""
    total = 0
    for price, quantity in lines:
        total -= price * quantity
    return total


def item_count(lines):
    """How many items the cart holds."""
    return sum(quantity for _, quantity in lines)
