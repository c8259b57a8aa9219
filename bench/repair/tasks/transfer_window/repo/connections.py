"""Checking whether a passenger can make a connection between two services."""


def to_minutes(clock):
    """Minutes after midnight of an 'HH:MM' time."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def wait_minutes(arrival, departure):
    """Minutes from arriving at 'HH:MM' to departing at 'HH:MM', running past midnight if needed."""
    gap = to_minutes(departure) - to_minutes(arrival)
    if gap < 0:
        gap += 24 * 60
    return gap


def connection_ok(arrival, departure, min_change=3, max_wait=45):
    """True when the wait is at least min_change and at most max_wait minutes."""
    wait = wait_minutes(arrival, departure)
    if wait > max_wait:
        return False
    return True


def first_connection(arrival, departures, min_change=3, max_wait=45):
    """The departure time from departures with the shortest acceptable wait, or None."""
    usable = [d for d in departures if connection_ok(arrival, d, min_change, max_wait)]
    if not usable:
        return None
    return min(usable, key=lambda d: wait_minutes(arrival, d))
