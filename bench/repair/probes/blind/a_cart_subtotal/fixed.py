def subtotal(cart):
    """cart: list of (name, price, qty). Recursively sum price * qty."""
    if not cart:
        return 0
    name, price, qty = cart[0]
    return price * qty + subtotal(cart[1:])


def order_total(cart, shipping_fee):
    return subtotal(cart) + shipping_fee
