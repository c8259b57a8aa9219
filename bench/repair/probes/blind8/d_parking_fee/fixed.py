"""Parking charges at the exit barrier."""


def parking_fee(minutes):
    """Fee for a stay of the given length in minutes.

    The first 15 minutes are free. After that every started hour costs 2.50,
    and no stay costs more than 18.00.
    """
    if minutes <= 15:
        return 0.0
    started_hours = (minutes + 59) // 60
    return min(started_hours * 2.50, 18.00)


def total_fees(stays):
    """Sum of the fees for a list of stay lengths in minutes."""
    return sum(parking_fee(m) for m in stays)
