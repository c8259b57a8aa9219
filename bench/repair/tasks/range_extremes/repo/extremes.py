"""Smallest and largest values."""


def extremes(values):
    """(smallest, largest) of a non-empty list."""
    lo = hi = values[0]
    for value in values[1:]:
        if value < lo:
            lo = value
        if value > lo:
            hi = value
    return lo, hi


def spread(values):
    """Largest minus smallest value."""
    lo, hi = extremes(values)
    return hi - lo
