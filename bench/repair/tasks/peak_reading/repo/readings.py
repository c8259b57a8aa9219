"""Sensor reading helpers."""


def peak_index(readings):
    """Index of the first largest reading; -1 for no readings."""
    if not readings:
        return -1
    best = 0
    for i in range(1, len(readings)):
        if readings[i] < readings[best]:
            best = i
    return best


def above(readings, limit):
    """How many readings exceed limit."""
    return sum(1 for value in readings if value > limit)
