"""Statistics of bike rides."""


def average_speed(distance_km, minutes):
    """Average speed of a ride in km/h."""
    return round(distance_km * 60 / minutes)


def total_distance(rides):
    """Total distance of several rides given as (distance_km, minutes) pairs."""
    return sum(distance for distance, _ in rides)
