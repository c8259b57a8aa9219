"""Checking worked days against rest rules for shift staff."""
from datetime import date, timedelta


def parse_day(text):
    """Parse 'YYYY-MM-DD' into a date."""
    year, month, day = (int(part) for part in text.split("-"))
    return date(year, month, day)


def longest_streak(days):
    """Return the length of the longest run of consecutive calendar days.

    `days` holds dates in any order; duplicates count once. Return 0 when
    `days` is empty.
    """
    ordered = sorted(set(days))
    if not ordered:
        return 0
    best = 0
    run = 1
    for prev, cur in zip(ordered, ordered[1:]):
        if cur - prev == timedelta(days=1):
            run += 1
            best = max(best, run)
        else:
            run = 1
    return best


def days_off(days, first, last):
    """Return how many dates from `first` to `last` (inclusive) are not in `days`."""
    worked = set(days)
    total = (last - first).days + 1
    return sum(1 for i in range(total) if first + timedelta(days=i) not in worked)


def breaks_rest_rule(days, max_in_a_row=6):
    """Return True if someone worked more than `max_in_a_row` days in a row."""
    return longest_streak(days) > max_in_a_row
