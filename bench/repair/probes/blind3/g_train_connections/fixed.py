from datetime import timedelta


def feasible_connections(arrival, departures, min_transfer=10):
    """Return the trains that can be caught after arriving at a station.

    arrival is a (station, datetime) pair and departures a list of
    (train, station, datetime) tuples. A connection is feasible when it leaves
    from the arrival station at least min_transfer minutes after arrival.
    """
    station, arrived = arrival
    earliest = arrived + timedelta(minutes=min_transfer)
    result = []
    for train, dep_station, departs in departures:
        if dep_station == station and departs >= earliest:
            result.append(train)
    return result
