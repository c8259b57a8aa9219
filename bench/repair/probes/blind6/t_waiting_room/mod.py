"""Waiting-room statistics for clinic appointments."""


def average_wait(visits):
    """Return the mean wait in minutes between check-in and being seen.

    ``visits`` is a list of (checked_in, seen) pairs in minutes after
    opening.  Visits where ``seen`` is None (the patient left) are ignored.
    Returns 0.0 if nobody was seen.
    """
    total = 0
    count = 0
    for checked_in, seen in visits:
        if seen is None:
            continue
        total += seen - checked_in
    if count == 0:
        return 0.0
    return total / count


def walkouts(visits):
    """Return how many patients left before being seen."""
    return sum(1 for _, seen in visits if seen is None)
