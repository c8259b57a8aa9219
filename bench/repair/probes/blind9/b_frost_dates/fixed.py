"""Spring frost dates from a list of daily minimum temperatures."""


def last_frost(min_temps):
    """Day number (the first day is day 1) of the last frost, or None.

    A frost is a day with a minimum temperature at or below 0 degrees.
    """
    for i in range(len(min_temps) - 1, -1, -1):
        if min_temps[i] <= 0:
            return i + 1
    return None


def safe_to_plant(min_temps, margin_days=7):
    """First day it is safe to plant out: margin_days after the last frost."""
    frost_day = last_frost(min_temps)
    if frost_day is None:
        return 1
    return frost_day + margin_days
