"""Resting heart rate from overnight pulse readings."""


def median(values):
    """The median of a non-empty list of numbers (the mean of the middle two for an even count)."""
    ordered = list(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


def resting_rate(readings):
    """The median of the plausible readings (30 to 120 bpm), or None if there are none."""
    plausible = [bpm for bpm in readings if 30 <= bpm <= 120]
    if not plausible:
        return None
    return median(plausible)


def rolling_median(readings, width):
    """The median of every window of width consecutive readings, in order."""
    result = []
    start = 0
    while start + width <= len(readings):
        result.append(median(readings[start:start + width]))
        start += 1
    return result
