"""Road-trip distance calculations."""


def leg_distance(distances, a, b):
    """Return km between two cities from a {(a, b): km} table, in either direction."""
    if (a, b) in distances:
        return distances[(a, b)]
    return distances[(b, a)]


def route_distance(route, distances):
    """Return the total km travelled along a list of cities."""
    total = 0
    prev = route[0]
    for city in route[1:]:
        total += leg_distance(distances, prev, city)
        prev = city
    return total
