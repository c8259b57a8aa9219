"""Parking sessions recorded by a car park's entry and exit barriers.

A session is a dict {"plate": str, "entry": minute, "exit": minute or None};
"exit" is None while the car is still inside.
"""

import math


def session_fee(minutes, free=15, per_hour=2.50, daily_max=18.00):
    """Return the fee for a stay: free up to `free` minutes, otherwise `per_hour`
    for every started hour, never more than `daily_max`."""
    if minutes <= free:
        return 0.0
    return min(daily_max, per_hour * math.ceil(minutes / 60))


def still_parked(sessions):
    """Return the plates of cars that have entered but not yet left, in order."""
    return [s["plate"] for s in sessions if s["exit"] is None]


def revenue(sessions):
    """Return the total fees of completed sessions, rounded to cents.

    Sessions still in progress are not charged yet and are skipped.
    """
    fees = [session_fee(s["exit"] - s["entry"]) for s in sessions if s["exit"] is not None]
    return round(sum(fees), 2)


def longest_stay(sessions):
    """Return (plate, minutes) for the longest completed session, or None if there is none."""
    best = None
    for s in sessions:
        if s["exit"] is None:
            continue
        minutes = s["exit"] - s["entry"]
        if best is None or minutes > best[1]:
            best = (s["plate"], minutes)
    return best
