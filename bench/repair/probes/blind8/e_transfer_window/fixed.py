"""Daily fare calculation with free transfers."""

TRANSFER_WINDOW = 60


def paid_rides(tap_minutes):
    """Return the minutes of the taps that start a new paid ride.

    A tap within TRANSFER_WINDOW minutes of the last paid tap is a free
    transfer. Tap times are minutes since midnight, in order.
    """
    paid = []
    last_paid = None
    for minute in tap_minutes:
        if last_paid is not None and minute - last_paid <= TRANSFER_WINDOW:
            continue
        paid.append(minute)
        last_paid = minute
    return paid


def daily_cost(tap_minutes, fare):
    """Total cost in cents of a day's taps."""
    return fare * len(paid_rides(tap_minutes))
