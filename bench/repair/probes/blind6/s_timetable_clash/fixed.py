"""Detect clashing sessions in a weekly class timetable."""


def to_minutes(hhmm):
    """Convert a "HH:MM" string to minutes after midnight."""
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def find_clashes(sessions):
    """Return (day, running_course, new_course) for each overlapping session.

    ``sessions`` is a list of (course, day, start, end) tuples with times as
    "HH:MM" strings.  Sessions that merely touch do not clash.  Each clash
    names the course that is still running when the new one starts.
    """
    by_day = {}
    for course, day, start, end in sessions:
        by_day.setdefault(day, []).append((to_minutes(start), to_minutes(end), course))
    clashes = []
    for day, slots in by_day.items():
        slots.sort()
        busy_until = -1
        busy_course = None
        for start, end, course in slots:
            if start < busy_until:
                clashes.append((day, busy_course, course))
            if end > busy_until:
                busy_until = end
                busy_course = course
    return clashes
