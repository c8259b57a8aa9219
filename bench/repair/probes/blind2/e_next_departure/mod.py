def to_minutes(hhmm):
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def next_departure(timetable, now):
    """Return the first departure (HH:MM) at or after `now`, or None."""
    times = sorted(timetable, key=to_minutes)
    current = to_minutes(now)
    i = 0
    while to_minutes(times[i]) < current:
        i += 1
    if i == len(times):
        return None
    return times[i]
