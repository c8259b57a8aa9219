"""Which kitchen service (lunch or dinner) an order time falls in."""

SERVICES = {"lunch": ("12:00", "15:00"), "dinner": ("18:00", "22:30")}


def to_minutes(clock):
    """Minutes after midnight for an 'HH:MM' string."""
    hours, minutes = clock.strip().split(":")
    return int(hours) * 60 + int(minutes)


def service_for(clock):
    """'lunch' or 'dinner' for an order time, None when the kitchen is closed.

    A service takes orders from its opening time up to, but not at, its closing time.
    """
    t = to_minutes(clock)
    lunch_open, lunch_close = (to_minutes(c) for c in SERVICES["lunch"])
    dinner_open, dinner_close = (to_minutes(c) for c in SERVICES["dinner"])
    if lunch_open <= t < lunch_close:
        return "lunch"
    if dinner_open <= t:
        return "dinner"
    return None


def covers_by_service(orders):
    """Total covers per service from (time, covers) pairs; orders out of hours are ignored."""
    totals = {"lunch": 0, "dinner": 0}
    for clock, covers in orders:
        service = service_for(clock)
        if service is not None:
            totals[service] += covers
    return totals


def minutes_to_last_order(clock):
    """Minutes left before the current service stops taking orders; 0 when closed."""
    service = service_for(clock)
    if service is None:
        return 0
    return to_minutes(SERVICES[service][1]) - to_minutes(clock)
