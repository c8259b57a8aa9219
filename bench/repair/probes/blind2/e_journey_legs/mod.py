def split_into_legs(stops):
    """Split a journey into legs.

    `stops` is a list of (station, line) pairs in travel order. A new leg
    starts whenever the line changes. Returns a list of (line, [stations]).
    """
    if not stops:
        return []
    legs = []
    current_line = stops[0][1]
    current_stations = []
    for station, line in stops:
        if line != current_line:
            legs.append((current_line, current_stations))
            current_stations = []
            current_line = line
        current_stations.append(station)
    return legs
