"""Parking slots along a row; None marks an empty slot."""


def next_free(slots, start):
    """Index of the first empty slot at or after start, or -1 when there is none."""
    i = start
    while True:
        if slots[i] is None:
            return i
        i += 1
    return -1


def occupied(slots):
    """How many slots hold a car."""
    return sum(1 for slot in slots if slot is not None)
