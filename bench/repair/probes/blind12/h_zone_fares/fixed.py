"""Zone-based fares for a metro network."""

# FARES[i] is the adult fare for a trip touching i + 1 zones.
FARES = [2.00, 2.60, 3.10, 3.70, 4.30]
CONCESSION = {"adult": 1.0, "child": 0.5, "senior": 0.6}


def zones_touched(origin_zone, dest_zone):
    """Return how many zones a trip touches, counting both ends (same zone -> 1)."""
    return abs(dest_zone - origin_zone) + 1


def adult_fare(origin_zone, dest_zone):
    """Return the adult fare for a trip.

    Trips touching more zones than the table covers pay the last (highest) fare.
    """
    n = zones_touched(origin_zone, dest_zone)
    return FARES[min(n, len(FARES)) - 1]


def trip_fare(origin_zone, dest_zone, rider="adult"):
    """Return the fare for `rider` (adult, child or senior), rounded to cents."""
    return round(adult_fare(origin_zone, dest_zone) * CONCESSION[rider], 2)


def journey_cost(trips, rider="adult"):
    """Return the total fare for a list of (origin_zone, dest_zone) trips."""
    return round(sum(trip_fare(o, d, rider) for o, d in trips), 2)
