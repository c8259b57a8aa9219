"""Looking up the next departure from a stop."""


def to_minutes(hhmm):
    """Convert a 'HH:MM' time to minutes since midnight."""
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def next_departure(departures, now):
    """Return the first departure at or after now, or None if there is none.

    departures is a list of 'HH:MM' strings in any order; now is 'HH:MM'.
    """
    for dep in sorted(departures, key=to_minutes):
        if to_minutes(dep) >= to_minutes(now):
            return dep
    return None
