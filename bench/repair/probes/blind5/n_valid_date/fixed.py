"""Date validation for a booking form."""


def is_leap(year):
    """Return True if year is a leap year in the Gregorian calendar."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def is_valid_date(year, month, day):
    """Return True if year, month and day form a real calendar date."""
    if not 1 <= month <= 12:
        return False
    feb = 29 if is_leap(year) else 28
    days = [31, feb, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return 1 <= day <= days[month - 1]
