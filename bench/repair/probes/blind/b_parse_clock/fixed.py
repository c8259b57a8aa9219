def to_minutes(clock):
    """Convert 'HH:MM' into minutes after midnight."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def duration(start, end):
    """Length in minutes of a slot like ('09:15', '10:45'); may cross midnight."""
    length = to_minutes(end) - to_minutes(start)
    if length < 0:
        length += 24 * 60
    return length
