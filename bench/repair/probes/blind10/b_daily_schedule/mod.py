"""Daily schedule printout for a class."""

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")


def day_schedule(lessons, day):
    """Lessons of one day, in chronological order."""
    if day not in DAYS:
        raise ValueError(f"not a school day: {day}")
    todays = [lesson for lesson in lessons if lesson["day"] == day]
    return todays


def subjects_on(lessons, day):
    """Subject names of one day, in the order they are taught."""
    return [lesson["subject"] for lesson in day_schedule(lessons, day)]


def week_overview(lessons):
    """Mapping day -> list of subjects, for every school day."""
    return {day: subjects_on(lessons, day) for day in DAYS}
