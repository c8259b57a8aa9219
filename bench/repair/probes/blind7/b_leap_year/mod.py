"""Gregorian calendar helpers."""

DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def is_leap(year):
    """Return True for Gregorian leap years.

    Years divisible by 4 are leap years, except centuries, which are leap
    years only when divisible by 400.
    """
    return year % 4 == 0 and year % 100 != 0


def days_in_month(year, month):
    """Return the number of days in month (1-12) of year."""
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    if month == 2 and is_leap(year):
        return 29
    return DAYS_IN_MONTH[month - 1]


def day_of_year(year, month, day):
    """Return the 1-based ordinal of the date within its year."""
    return sum(days_in_month(year, m) for m in range(1, month)) + day
