def first_at_or_after(timestamps, target, lo=0, hi=None):
    """Index of the first timestamp >= target in a sorted list (len if none)."""
    if hi is None:
        hi = len(timestamps)
    if lo >= hi:
        return lo
    mid = (lo + hi) // 2
    if timestamps[mid] < target:
        return first_at_or_after(timestamps, target, mid + 1, hi)
    return first_at_or_after(timestamps, target, lo, mid)
