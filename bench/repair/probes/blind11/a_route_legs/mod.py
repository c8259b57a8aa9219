"""Distances along a courier route."""


def leg_distances(stops):
    """Return the distance between each pair of consecutive stops.

    `stops` is a list of kilometre markers along the road.
    """
    return [abs(stops[i + 1] - stops[i]) for i in range(len(stops) - 1)]


def route_length(stops):
    """Return the total distance driven visiting the stops in order."""
    return sum(leg_distances(stops))


def longest_leg(stops):
    """Return the index of the stop where the longest leg starts, or None."""
    legs = leg_distances(stops)
    if not legs:
        return None
    best = 0
    for i in range(1, len(legs) - 1):
        if legs[i] > legs[best]:
            best = i
    return best


def distance_to_stop(stops, n):
    """Return the distance driven to reach stop number n (0-based)."""
    return route_length(stops[:n + 1])
