"""Check meeting slots for conflicts.

Times are minutes since midnight; a slot is a (start, end) pair with the
end exclusive, so back-to-back meetings do not conflict.
"""


def overlaps(a, b):
    """Return True if slots a and b share at least one minute."""
    return a[0] < b[1] and b[0] < a[1]


def conflicts(slots):
    """Return the index pairs (i, j), i < j, of slots that overlap."""
    found = []
    for i in range(len(slots)):
        for j in range(i + 1, len(slots)):
            if overlaps(slots[i], slots[j]):
                found.append((i, j))
    return found


def free_after(slots, start_of_day=480):
    """Return the earliest minute, not before start_of_day, when all slots have ended."""
    latest = start_of_day
    for start, end in slots:
        if end > latest:
            latest = end
    return latest
