"""Speed statistics of bicycle rides."""


def average_speed(distance_km, minutes):
    """Average speed in km/h of a ride of distance_km kilometres that took minutes minutes."""
    return distance_km / (minutes // 60)


def ride_minutes(distance_km, speed_kmh):
    """Minutes needed to ride distance_km kilometres at speed_kmh."""
    return distance_km / speed_kmh * 60


def fastest_ride(rides):
    """Index of the ride with the highest average speed; rides are (distance_km, minutes) pairs."""
    speeds = [average_speed(distance, minutes) for distance, minutes in rides]
    return speeds.index(max(speeds))
