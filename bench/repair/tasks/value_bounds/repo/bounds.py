"""Lowest and highest values."""


def bounds(values):
    """(lowest, highest) of a non-empty list."""
    low = high = values[0]
    for value in values[1:]:
        low = min(low, value)
    return low, high


def width(values):
    """highest - lowest."""
    low, high = bounds(values)
    return high - low
