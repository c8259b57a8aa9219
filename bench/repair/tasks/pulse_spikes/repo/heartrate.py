"""Spotting sudden changes in heart-rate readings."""


def spikes(readings, limit):
    """Indexes i where the pulse changed by more than limit bpm from reading i - 1 to reading i.

    Sudden drops count as well as sudden rises.
    """
    found = []
    for i in range(1, len(readings)):
        if readings[i] - readings[i - 1] > limit:
            found.append(i)
    return found


def largest_jump(readings):
    """The biggest change, up or down, between two consecutive readings; 0 for fewer than two."""
    if len(readings) < 2:
        return 0
    return max(abs(later - earlier) for earlier, later in zip(readings, readings[1:]))


def is_steady(readings, limit):
    """True when no two consecutive readings differ by more than limit."""
    return not spikes(readings, limit)
