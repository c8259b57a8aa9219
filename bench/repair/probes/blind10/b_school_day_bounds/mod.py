"""When does a school day start and end for a class?"""

DAY_START = 8 * 60
DAY_END = 17 * 60


def lessons_on(lessons, day):
    """Lessons of the given weekday."""
    return [lesson for lesson in lessons if lesson["day"] == day]


def first_lesson_start(lessons, day):
    """Start (minutes) of the earliest lesson that day, None if there is none."""
    todays = lessons_on(lessons, day)
    if not todays:
        return None
    earliest = DAY_START
    for lesson in todays:
        earliest = min(earliest, lesson["start"])
    return earliest


def last_lesson_end(lessons, day):
    """End (minutes) of the latest lesson that day, None if there is none."""
    todays = lessons_on(lessons, day)
    if not todays:
        return None
    latest = DAY_START
    for lesson in todays:
        latest = max(latest, lesson["end"])
    return latest


def hhmm(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
