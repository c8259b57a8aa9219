"""Hourly booking slots for guided bike tours."""

OPEN_HOUR = 9
CLOSE_HOUR = 18


def slots_for_day():
    """Start hours of every one-hour slot between opening and closing."""
    return list(range(OPEN_HOUR, CLOSE_HOUR + 1))


def free_slots(booked):
    """Slots that are not booked yet, in order."""
    return [hour for hour in slots_for_day() if hour not in booked]


def can_book(start, hours, booked):
    """True if `hours` consecutive slots starting at `start` are all free."""
    if start < OPEN_HOUR or start + hours > CLOSE_HOUR:
        return False
    for hour in range(start, start + hours):
        if hour in booked:
            return False
    return True


def book(start, hours, booked):
    """Return a new set of booked slots including the requested ones."""
    if not can_book(start, hours, booked):
        raise ValueError("slot not available")
    return set(booked) | set(range(start, start + hours))
