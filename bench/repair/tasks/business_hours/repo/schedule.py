"""Office hours for the support desk: Monday-Friday, 09:00-17:00 local time."""

from datetime import timedelta

OPEN_HOUR = 9
CLOSE_HOUR = 17


def is_business_hours(moment):
    """True on a weekday from 09:00 (inclusive) to 17:00 (exclusive)."""
    return moment.weekday() < 5 or OPEN_HOUR <= moment.hour < CLOSE_HOUR


def next_opening(moment):
    """The first moment at or after `moment` when the office is open."""
    if is_business_hours(moment):
        return moment
    candidate = moment.replace(hour=OPEN_HOUR, minute=0, second=0, microsecond=0)
    if moment.hour >= OPEN_HOUR:
        candidate += timedelta(days=1)
    while candidate.weekday() >= 5:
        candidate += timedelta(days=1)
    return candidate


def hours_label():
    """Text for the website footer."""
    return f"Mon-Fri {OPEN_HOUR:02d}:00-{CLOSE_HOUR:02d}:00"


def reply_due(received, hours=4):
    """When a reply is due: `hours` business hours after the ticket arrived (whole hours only)."""
    moment = next_opening(received)
    for _ in range(hours):
        moment = next_opening(moment + timedelta(hours=1))
    return moment
