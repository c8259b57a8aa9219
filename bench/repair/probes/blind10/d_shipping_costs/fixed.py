"""Shipping costs for bookshop orders."""

FREE_SHIPPING_FROM = 35.00
DOMESTIC_RATE = 3.95
INTERNATIONAL_RATE = 12.50
HOME_COUNTRY = "DE"


def subtotal(items):
    """Sum of price * quantity over the cart items."""
    return round(sum(item["price"] * item["qty"] for item in items), 2)


def shipping_cost(items, country):
    """Free for domestic orders above the threshold, flat rates otherwise."""
    domestic = country == HOME_COUNTRY
    if domestic and subtotal(items) >= FREE_SHIPPING_FROM:
        return 0.0
    return DOMESTIC_RATE if domestic else INTERNATIONAL_RATE


def order_total(items, country):
    return round(subtotal(items) + shipping_cost(items, country), 2)
