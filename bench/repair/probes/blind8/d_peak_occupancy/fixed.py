"""Occupancy statistics from the barrier event log."""


def peak_occupancy(events):
    """Return (peak, minute) for the most cars present at once.

    events is a time-ordered list of (minute, change) where change is +1 for a
    car entering and -1 for one leaving. minute is when the peak was first
    reached, or None if no car ever entered.
    """
    current = 0
    peak, peak_minute = 0, None
    for minute, change in events:
        current += change
        if current > peak:
            peak, peak_minute = current, minute
    return peak, peak_minute
