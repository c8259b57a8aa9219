"""Attendance statistics from a class register."""


def attendance_rate(register, pupil):
    """Return the percentage of sessions ``pupil`` attended, to one decimal.

    ``register`` maps session dates (ISO strings) to the set of pupils
    present.  Returns 0.0 when there are no sessions.
    """
    if not register:
        return 0.0
    present = sum(1 for pupils in register.values() if pupil in pupils)
    return round(100.0 * present / len(register), 1)


def longest_absence(register, pupil):
    """Return the longest run of consecutive sessions ``pupil`` missed."""
    longest = 0
    current = 0
    for date in sorted(register):
        if pupil in register[date]:
            current = 0
        else:
            current += 1
            longest = max(longest, current)
    return longest
