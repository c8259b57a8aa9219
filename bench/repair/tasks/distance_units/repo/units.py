"""Distance units."""

MILES_PER_KM = 1.609344


def km_to_miles(km):
    """Miles for a distance in kilometres, rounded to two decimals."""
    return round(km * MILES_PER_KM, 2)


def miles_to_km(miles):
    """Kilometres for a distance in miles, rounded to two decimals."""
    return round(miles / MILES_PER_KM, 2)
