"""Reading a weekly timetable from the plain-text export of the school office."""


def parse_timetable(text):
    """Map each day to its lessons as [time, subject, room] lists, in file order.

    A line ending in ':' starts a new day ("Monday:"); every other line is "time subject room".
    Blank lines and lines starting with '#' are ignored.
    """
    timetable = {}
    day = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith(":"):
            day = line[:-1].strip()
            timetable[day] = []
        time, subject, room = line.split()
        timetable[day].append([time, subject, room])
    return timetable


def rooms_used(timetable):
    """Every room that appears in the timetable, sorted, each once."""
    return sorted({room for lessons in timetable.values() for _, _, room in lessons})


def lessons_per_subject(timetable):
    """How many lessons of each subject there are in the week."""
    counts = {}
    for lessons in timetable.values():
        for _, subject, _ in lessons:
            counts[subject] = counts.get(subject, 0) + 1
    return counts
