"""Back-to-back appointment schedule of one vet."""


def to_minutes(clock):
    """Minutes after midnight for 'HH:MM'."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def to_clock(minutes):
    """'HH:MM' for minutes after midnight."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def day_schedule(visits, opening, closing):
    """Start time of each visit, booked back to back from opening.

    visits is a list of (pet, minutes) in booking order. A visit that would end after closing
    is not booked (its start is None); the visits after it still get their chance.
    Returns a list of (pet, 'HH:MM' or None).
    """
    now = to_minutes(opening)
    end = to_minutes(closing)
    slots = []
    for pet, length in visits:
        if now + length > end:
            slots.append((pet, None))
            continue
        now += length
        slots.append((pet, to_clock(now)))
    return slots


def unbooked(visits, opening, closing):
    """Pets whose visit does not fit in the day, in booking order."""
    return [pet for pet, start in day_schedule(visits, opening, closing) if start is None]
