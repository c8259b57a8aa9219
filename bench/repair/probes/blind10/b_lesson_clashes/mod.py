"""Clash detection for the school timetable.

A lesson is a dict with day, start, end (minutes from midnight), room and teacher.
"""


def overlaps(a, b):
    """True if two lessons take place at the same time."""
    return a["start"] < b["end"] and b["start"] < a["end"]


def clashes(lessons, key):
    """Pairs of lesson indices that share the same `key` value and overlap."""
    found = []
    for i in range(len(lessons)):
        for j in range(i + 1, len(lessons)):
            if lessons[i][key] == lessons[j][key] and overlaps(lessons[i], lessons[j]):
                found.append((i, j))
    return found


def room_clashes(lessons):
    return clashes(lessons, "room")


def teacher_clashes(lessons):
    return clashes(lessons, "teacher")
