def next_departure(times, after, lo=0, hi=None):
    """Return the first departure in the sorted list times at or after `after`.

    Returns None when no departure remains. Uses recursive binary search.
    """
    if hi is None:
        hi = len(times)
    if lo >= hi:
        return times[lo] if lo < len(times) else None
    mid = (lo + hi) // 2
    if times[mid] < after:
        return next_departure(times, after, mid + 1, hi)
    return next_departure(times, after, lo, mid)
