"""Format and parse 24-hour clock times stored as minutes since midnight."""


def to_clock(minutes):
    """Return "HH:MM" for a minute count; values wrap around midnight."""
    minutes %= 24 * 60
    hours = minutes // 60
    mins = minutes % 60
    return "%02d:%02d" % (hours, mins)


def from_clock(text):
    """Parse "H:MM" or "HH:MM" into minutes since midnight.

    Raises ValueError for times outside 00:00-23:59.
    """
    hours, mins = text.strip().split(":")
    hours, mins = int(hours), int(mins)
    if not (0 <= hours <= 24 and 0 <= mins < 60):
        raise ValueError("invalid time: %r" % text)
    return hours * 60 + mins


def add_minutes(text, delta):
    """Return the clock time delta minutes after text (delta may be negative)."""
    return to_clock(from_clock(text) + delta)
