"""Distances for the depot's delivery van routes.

distances maps a pair of stop names to kilometres; a pair may be stored either way
round, e.g. {("Depot", "Mill St"): 4.5}.
"""


def leg(a, b, distances):
    """Kilometres from stop a to stop b (0 when a and b are the same stop)."""
    if a == b:
        return 0
    if (a, b) in distances:
        return distances[(a, b)]
    return distances[(b, a)]


def route_length(stops, distances):
    """Total kilometres driving the stops in the given order."""
    if len(stops) == 1:
        return 0
    return leg(stops[0], stops[1], distances) + route_length(stops[1:], distances)


def round_trip(stops, distances, depot="Depot"):
    """Kilometres for leaving the depot, visiting the stops in order and coming back."""
    return route_length([depot] + list(stops) + [depot], distances)


def longest_leg(stops, distances):
    """The (from, to) pair of the longest leg of the route; None with fewer than two stops."""
    legs = list(zip(stops, stops[1:]))
    if not legs:
        return None
    return max(legs, key=lambda pair: leg(pair[0], pair[1], distances))
