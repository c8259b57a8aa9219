def route_between(station, destination, next_stop):
    """Return the list of stations from station to destination, inclusive.

    next_stop maps each station on a line to the following one; the terminus
    has no entry. Returns None if the line ends before reaching destination.
    """
    if station == destination:
        return [station]
    if station not in next_stop:
        return None
    rest = route_between(next_stop[station], destination, next_stop)
    if rest is None:
        return None
    return [station] + rest
