"""Combining the lesson lists of two timetables."""


def merge_lessons(first, second):
    """One list of the lessons of both timetables ordered by start time.

    Each lesson is a [start, subject] pair with start as "HH:MM"; both lists are already in
    order. When two lessons start at the same time the one from first comes first.
    """
    if not first:
        return list(second)
    if first[0][0] <= second[0][0]:
        return [first[0]] + merge_lessons(first[1:], second)
    return [second[0]] + merge_lessons(first, second[1:])


def clashes(lessons):
    """Start times that appear more than once in the ordered list lessons, each once."""
    found = []
    for earlier, later in zip(lessons, lessons[1:]):
        if earlier[0] == later[0] and later[0] not in found:
            found.append(later[0])
    return found


def subjects_by_time(lessons):
    """Map each start time to the subjects starting then, in list order."""
    table = {}
    for start, subject in lessons:
        table.setdefault(start, []).append(subject)
    return table
