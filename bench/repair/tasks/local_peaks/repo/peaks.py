"""Peaks in a series of sensor readings."""


def local_peaks(values):
    """Indexes of the readings greater than each neighbour they have.

    The first and the last reading have only one neighbour each.
    """
    peaks = []
    last = len(values) - 1
    for i, value in enumerate(values):
        left_lower = values[i - 1] < value
        right_lower = i == last or values[i + 1] < value
        if left_lower and right_lower:
            peaks.append(i)
    return peaks


def highest_peak(values):
    """Index of the first highest reading, or None when there are no readings."""
    if not values:
        return None
    return values.index(max(values))
