"""Room prices for a stay at a small hotel."""

WEEKDAY_RATE = 90
WEEKEND_RATE = 120


def nightly_rate(weekday):
    """Price of one night starting on weekday (0 = Monday ... 6 = Sunday).

    Friday and Saturday nights are charged at the weekend rate.
    """
    if 4 <= weekday <= 5:
        return WEEKEND_RATE
    return WEEKDAY_RATE


def stay_price(first_weekday, nights):
    """Total price of a stay of `nights` nights starting on first_weekday."""
    total = 0
    for n in range(nights):
        total += nightly_rate((first_weekday + n) % 7)
    return total
