"""Splitting a planned route into legs between consecutive stops.

A route is a list of (stop name, scheduled minute) pairs in travel order.
"""


def route_legs(route):
    """(from stop, to stop, minutes) for each pair of consecutive stops of route."""
    legs = []
    previous = None
    for name, minute in route:
        previous = (name, minute)
        if previous is not None:
            legs.append((previous[0], name, minute - previous[1]))
    return legs


def longest_leg(route):
    """The leg taking the most minutes (the earliest one on a tie), or None for a single stop."""
    best = None
    for leg in route_legs(route):
        if best is None or leg[2] > best[2]:
            best = leg
    return best


def total_minutes(route):
    """Scheduled minutes from the first stop to the last (0 for fewer than two stops)."""
    return sum(minutes for _, _, minutes in route_legs(route))
