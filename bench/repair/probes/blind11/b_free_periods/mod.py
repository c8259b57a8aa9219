"""School day timetable helpers.

A day is a dict mapping period number (1-based) to a subject name.
"""


def period_start(period, day_start=540, lesson_len=50):
    """Return the start of a period in minutes after midnight."""
    return day_start + (period - 1) * lesson_len


def fmt_time(minutes):
    """Return minutes after midnight as 'HH:MM'."""
    return "%02d:%02d" % divmod(minutes, 60)


def free_periods(day, total_periods):
    """Return the period numbers that have no lesson."""
    return [p for p in range(1, total_periods) if p not in day]


def morning_subjects(day, periods_before_lunch):
    """Return the subjects taught before lunch, in period order."""
    return [day[p] for p in range(1, periods_before_lunch + 1) if p in day]


def first_free_time(day, total_periods):
    """Return the start time 'HH:MM' of the first free period, or None."""
    free = free_periods(day, total_periods)
    if not free:
        return None
    return fmt_time(period_start(free[0]))
