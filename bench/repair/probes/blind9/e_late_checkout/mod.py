"""Charges for leaving the room after the standard checkout time."""

CHECKOUT_HOUR = 12
HOURLY_CHARGE = 15
HALF_DAY_CHARGE = 60


def late_checkout_fee(hour, minute=0):
    """Fee for leaving at hour:minute on the day of departure.

    Every started hour after checkout costs HOURLY_CHARGE; the fee
    never goes above HALF_DAY_CHARGE.
    """
    minutes_late = (hour - CHECKOUT_HOUR) * 60 + minute
    if minutes_late <= 0:
        return 0
    started_hours = (minutes_late + 59) // 60
    return min(started_hours * HOURLY_CHARGE, HALF_DAY_CHARGE)
