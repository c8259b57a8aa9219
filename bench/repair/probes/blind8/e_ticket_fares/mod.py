"""Single-ticket fares on the city bus and tram network."""

BASE_FARE = 180
PER_ZONE = 60


def fare(zones, age):
    """Price in cents of a single ticket crossing the given number of zones.

    One zone costs the base fare and every extra zone adds PER_ZONE. Children
    under 12 and passengers aged 65 and over pay half, rounded down.
    """
    price = BASE_FARE + PER_ZONE * (zones - 1)
    if age < 12:
        price = price // 2
    return price


def group_fare(zones, ages):
    """Total fare in cents for a group travelling together."""
    return sum(fare(zones, age) for age in ages)
