"""Jumps between consecutive sensor readings."""


def largest_jump(readings):
    """The largest rise from one reading to the next (0 if none rise)."""
    best = 0
    previous = readings[0]
    for reading in readings[1:]:
        rise = reading - previous
        if rise > best:
            best = reading
        previous = reading
    return best


def total_rise(readings):
    """Sum of all rises between consecutive readings."""
    return sum(max(b - a, 0) for a, b in zip(readings, readings[1:]))
