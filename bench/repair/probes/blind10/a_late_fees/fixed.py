"""Late-return fees for rented bikes (times are minute stamps)."""

GRACE_MINUTES = 15
FEE_PER_STARTED_HOUR = 3.0
MAX_LATE_FEE = 30.0


def minutes_late(due, returned):
    """Minutes past the due time, 0 if returned on time."""
    return max(0, returned - due)


def late_fee(due, returned):
    """Fee for a late return; delays within the grace period are free."""
    late = minutes_late(due, returned)
    if late <= GRACE_MINUTES:
        return 0.0
    started_hours = (late + 59) // 60
    return min(started_hours * FEE_PER_STARTED_HOUR, MAX_LATE_FEE)


def total_late_fees(rentals):
    """Sum of late fees over (due, returned) pairs."""
    return sum(late_fee(due, returned) for due, returned in rentals)
