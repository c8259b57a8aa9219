"""Recurring monthly meetings such as 'second Tuesday' or 'last Friday'."""
import calendar
from datetime import date


def days_in_month(year, month):
    """Return the number of days in the given month."""
    return calendar.monthrange(year, month)[1]


def weekdays_in_month(year, month, weekday):
    """Return every date in the month that falls on `weekday` (0=Monday..6=Sunday)."""
    found = []
    for day in range(1, days_in_month(year, month) + 1):
        if date(year, month, day).weekday() == weekday:
            found.append(date(year, month, day))
    return found


def nth_weekday(year, month, weekday, n):
    """Return the n-th (1-based) `weekday` of the month; n=-1 means the last one.

    Return None when the month has no such occurrence.
    """
    found = weekdays_in_month(year, month, weekday)
    if n == -1:
        return found[-1]
    if 1 <= n <= len(found):
        return found[n - 1]
    return None


def meeting_dates(year, weekday, n):
    """Return the meeting date for each month of `year` (skipping missing ones)."""
    dates = [nth_weekday(year, month, weekday, n) for month in range(1, 13)]
    return [d for d in dates if d is not None]
