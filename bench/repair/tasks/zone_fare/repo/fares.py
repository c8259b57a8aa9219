"""Zone-based fares for the regional rail network (all prices in cents)."""

BASE_CENTS = 210
PER_EXTRA_ZONE_CENTS = 80


def zones_travelled(from_zone, to_zone):
    """Number of zones a trip covers, counting both end zones (1 for a trip inside one zone)."""
    return to_zone - from_zone + 1


def single_fare(from_zone, to_zone, concession=False):
    """Price of a single ticket: the base fare plus 80 cents for every zone after the first.

    Concession tickets cost half, rounded down to a whole cent.
    """
    zones = zones_travelled(from_zone, to_zone)
    cents = BASE_CENTS + PER_EXTRA_ZONE_CENTS * (zones - 1)
    if concession:
        cents //= 2
    return cents


def format_fare(cents):
    """A fare as shown on the ticket machine, e.g. 'EUR 2.90'."""
    return f"EUR {cents // 100}.{cents % 100:02d}"
