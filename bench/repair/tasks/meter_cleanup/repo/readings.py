"""Cleaning up gas meter readings sent in by customers."""


def clean_readings(values, start):
    """The readings that can be trusted, in the order given.

    A meter only counts up, so a reading below start or below the last accepted reading is
    dropped, and so is a missing reading (None).
    """
    accepted = []
    last = start
    for value in values:
        if value < last:
            continue
        accepted.append(value)
        last = value
    return accepted


def largest_jump(values, start):
    """The biggest rise between consecutive trusted readings (from start), 0 if there is none."""
    previous = start
    largest = 0
    for value in clean_readings(values, start):
        largest = max(largest, value - previous)
        previous = value
    return largest
