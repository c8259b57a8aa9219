"""Looking up a person's upcoming meetings."""
from datetime import datetime


def parse_slot(text):
    """Parse 'YYYY-MM-DD HH:MM' into a datetime."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M")


def meetings_on(meetings, day):
    """Return the (start, title) meetings whose start falls on date `day`, by start time."""
    return sorted((m for m in meetings if m[0].date() == day), key=lambda m: m[0])


def next_meeting(meetings, now):
    """Return the (start, title) meeting starting soonest at or after `now`.

    Return None when no meeting is left.
    """
    upcoming = [m for m in meetings if m[0] >= now]
    return min(upcoming, key=lambda m: m[0])


def minutes_until_next(meetings, now):
    """Return whole minutes from `now` until the next meeting, or None if none is left."""
    nxt = next_meeting(meetings, now)
    if nxt is None:
        return None
    return int((nxt[0] - now).total_seconds() // 60)
