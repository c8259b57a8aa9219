"""Looking up stops by name for the journey planner's search box."""


def normalise(name):
    """A stop name lower-cased, trimmed, with runs of inner spaces collapsed to one."""
    return " ".join(name.lower().split())


def matching_stops(stops, query):
    """The stop names (in the given order) containing query, ignoring case and extra spaces."""
    wanted = normalise(query)
    if not wanted:
        return []
    return [stop for stop in stops if wanted in stop]


def best_match(stops, query):
    """The first stop whose name starts with query, else the first stop containing it, else None."""
    found = matching_stops(stops, query)
    wanted = normalise(query)
    for stop in found:
        if normalise(stop).startswith(wanted):
            return stop
    return found[0] if found else None
