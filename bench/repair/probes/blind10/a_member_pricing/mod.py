"""Rental prices, with a reduced rate for club members."""

HOURLY_RATE = 5.0
DAY_RATE = 28.0
MEMBER_DISCOUNT = 0.80  # members pay 20% less


def base_price(hours):
    """Hourly price, but never more than the flat day rate."""
    if hours <= 0:
        return 0.0
    return min(hours * HOURLY_RATE, DAY_RATE)


def price(hours, member=False):
    """Final price of a rental, rounded to cents."""
    amount = base_price(hours)
    if member:
        amount *= 1 - MEMBER_DISCOUNT
    return round(amount, 2)


def group_price(hours, riders, members=0):
    """Total for a group where `members` of the riders hold a club card."""
    if members > riders:
        raise ValueError("more members than riders")
    regular = riders - members
    return round(regular * price(hours) + members * price(hours, member=True), 2)
