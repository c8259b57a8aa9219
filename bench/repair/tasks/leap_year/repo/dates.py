"""Calendar arithmetic for the Gregorian calendar."""


def is_leap_year(year):
    """Every fourth year is a leap year, except century years not divisible by 400."""
    return year % 4 == 0 and (year % 100 == 0 or year % 400 == 0)


def days_in_month(year, month):
    """Number of days of month (1-12) in year."""
    if month == 2:
        return 29 if is_leap_year(year) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def days_in_year(year):
    """Number of days in year."""
    return 366 if is_leap_year(year) else 365
