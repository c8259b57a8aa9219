"""Count and step through working days."""

from datetime import timedelta


def is_business_day(d, holidays=()):
    """Return True for Monday-Friday dates that are not in holidays."""
    return d.weekday() < 5 and d not in holidays


def business_days_between(start, end, holidays=()):
    """Return the number of business days from start to end, both inclusive.

    Returns 0 when end is before start.
    """
    if end < start:
        return 0
    count = 0
    for offset in range((end - start).days + 1):
        if is_business_day(start + timedelta(days=offset), holidays):
            count += 1
    return count


def add_business_days(start, n, holidays=()):
    """Return the date that is n business days after start (n >= 0)."""
    current = start
    while n > 0:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            n -= 1
    return current
