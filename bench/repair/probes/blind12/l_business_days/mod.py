"""Due dates counted in business days (Monday to Friday, minus holidays)."""
from datetime import timedelta


def is_business_day(day, holidays=()):
    """Return True if `day` is a Monday-Friday date that is not in `holidays`."""
    return day.weekday() < 5 and day not in holidays


def add_business_days(day, n, holidays=()):
    """Return the date that is `n` business days after `day` (n >= 0).

    `day` itself is not counted; with n == 0 return `day` unchanged.
    """
    if n == 0:
        return day
    following = day + timedelta(days=1)
    if not is_business_day(following, holidays):
        return add_business_days(following, n - 1, holidays)
    return add_business_days(following, n - 1, holidays)


def business_days_between(start, end, holidays=()):
    """Count business days after `start` up to and including `end`."""
    count = 0
    day = start
    while day < end:
        day += timedelta(days=1)
        if is_business_day(day, holidays):
            count += 1
    return count


def due_date(opened, sla_days, holidays=()):
    """Return the due date of a ticket opened on `opened` with an SLA in business days."""
    return add_business_days(opened, sla_days, holidays)
