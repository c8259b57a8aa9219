def find_reading(timestamps, target, lo=0, hi=None):
    """Binary search a sorted list of observation timestamps.

    Returns the index of `target`, or -1 if there is no observation then.
    """
    if hi is None:
        hi = len(timestamps) - 1
    mid = (lo + hi) // 2
    if timestamps[mid] == target:
        return mid
    if timestamps[mid] < target:
        return find_reading(timestamps, target, mid + 1, hi)
    return find_reading(timestamps, target, lo, mid - 1)
