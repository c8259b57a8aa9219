"""Checking a draft timetable for double-booked rooms."""


def overlaps(first, second):
    """True when two lessons are on the same day and their times intersect.

    Lessons are dicts with 'day', 'start' and 'end' (minutes after midnight, end exclusive).
    """
    same_day = first["day"] == second["day"]
    return first["start"] < second["end"] and second["start"] < first["end"]


def room_clashes(lessons):
    """Pairs (i, j), i < j, of lessons held in the same room at the same time."""
    clashes = []
    for i, first in enumerate(lessons):
        for j in range(i + 1, len(lessons)):
            second = lessons[j]
            if first["room"] == second["room"] and overlaps(first, second):
                clashes.append((i, j))
    return clashes


def teacher_load(lessons):
    """Total teaching minutes of every teacher."""
    load = {}
    for lesson in lessons:
        minutes = lesson["end"] - lesson["start"]
        load[lesson["teacher"]] = load.get(lesson["teacher"], 0) + minutes
    return load
