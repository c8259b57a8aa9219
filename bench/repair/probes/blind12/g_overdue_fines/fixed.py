"""Overdue fines for items returned to the library."""

import math

DAILY_RATE = {"book": 0.25, "dvd": 1.00, "magazine": 0.10}
MAX_FINE = {"book": 5.00, "dvd": 10.00, "magazine": 2.00}


def days_late(due, returned):
    """Return the number of started days between `due` and `returned` (datetimes).

    Any part of a day counts as a whole day, so an item brought back one hour
    after it was due is one day late. Returns 0 when the item was not late.
    """
    seconds = (returned - due).total_seconds()
    if seconds <= 0:
        return 0
    return math.ceil(seconds / 86400)


def item_fine(kind, due, returned):
    """Return the fine for one item: its daily rate per day late, capped at MAX_FINE[kind]."""
    fine = DAILY_RATE[kind] * days_late(due, returned)
    return min(round(fine, 2), MAX_FINE[kind])


def patron_balance(returns):
    """Return the total fine for a list of (kind, due, returned) tuples, rounded to cents."""
    return round(sum(item_fine(kind, due, ret) for kind, due, ret in returns), 2)


def blocked_patrons(balances, limit=10.0):
    """Return the sorted names of patrons whose balance is at least `limit`."""
    return sorted(name for name, owed in balances.items() if owed >= limit)
