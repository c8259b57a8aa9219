"""Late fees for library books returned after their due date."""

GRACE_DAYS = 3
DAILY_FEE = 0.25
MAX_FEE = 10.00


def late_fee(days_late):
    """Fee for one book returned days_late days after it was due.

    The first GRACE_DAYS days are free; after that each day costs
    DAILY_FEE, up to MAX_FEE per book.
    """
    charged_days = days_late - GRACE_DAYS
    if charged_days <= 0:
        return 0.0
    return min(charged_days * DAILY_FEE, MAX_FEE)


def total_fees(returns):
    """Total fee, rounded to cents, for a list of (title, days_late) pairs."""
    total = 0.0
    for _title, days_late in returns:
        total += late_fee(days_late)
    return round(total, 2)
