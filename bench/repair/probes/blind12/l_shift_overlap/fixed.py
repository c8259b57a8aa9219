"""Spotting double-booked staff in a one-day shift roster."""


def to_minutes(hhmm):
    """Convert 'HH:MM' to minutes after midnight."""
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def shift_length(shift):
    """Return the length in minutes of a (start, end) 'HH:MM' shift on one day."""
    return to_minutes(shift[1]) - to_minutes(shift[0])


def shifts_overlap(a, b):
    """Return True if the (start, end) shifts a and b share some working time.

    A shift ending exactly when the other starts does not overlap it.
    """
    a_start, a_end = to_minutes(a[0]), to_minutes(a[1])
    b_start, b_end = to_minutes(b[0]), to_minutes(b[1])
    return a_start < b_end and b_start < a_end


def double_booked(roster):
    """Return the sorted names of workers with two overlapping shifts.

    `roster` is a list of (worker, start, end) entries.
    """
    by_worker = {}
    for worker, start, end in roster:
        by_worker.setdefault(worker, []).append((start, end))
    clashes = set()
    for worker, shifts in by_worker.items():
        for i in range(len(shifts)):
            for j in range(i + 1, len(shifts)):
                if shifts_overlap(shifts[i], shifts[j]):
                    clashes.add(worker)
    return sorted(clashes)


def hours_worked(roster, worker):
    """Return the total hours (float) of `worker`'s shifts in the roster."""
    return sum(shift_length((s, e)) for w, s, e in roster if w == worker) / 60
