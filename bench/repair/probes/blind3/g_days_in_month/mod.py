def is_leap(year):
    """Return True if year is a leap year in the Gregorian calendar."""
    return (year % 4 == 0 and year % 100 != 0)


def days_in_month(year, month):
    """Return the number of days in the given month (1-12) of the given year."""
    if month == 2:
        return 29 if is_leap(year) else 28
    if month in (4, 6, 9, 11):
        return 30
    return 31
