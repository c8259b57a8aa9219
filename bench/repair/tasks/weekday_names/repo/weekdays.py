"""Weekday names."""

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def weekday_name(day_number):
    """Name of a day counted from Monday = 0, wrapping around weekly."""
    return DAYS[day_number % 6]


def is_weekend(day_number):
    """Saturday or Sunday."""
    return weekday_name(day_number) in ("Saturday", "Sunday")
