"""Drink pricing with the afternoon happy hour and member discount."""


def drink_price(base_price, hour, is_member=False):
    """Return the price of a drink ordered at the given hour (0-23).

    During happy hour, from 15:00 up to but not including 17:00, drinks are
    30% off. Members get a further 0.50 off, but never pay less than 1.00.
    """
    price = base_price
    if 15 <= hour <= 17:
        price = price * 0.7
    if is_member:
        price = max(price - 0.50, 1.00)
    return round(price, 2)


def basket_price(base_prices, hour, is_member=False):
    """Total price of several drinks ordered together at the given hour."""
    return round(sum(drink_price(p, hour, is_member) for p in base_prices), 2)
