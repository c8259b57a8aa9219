"""Fuel consumption figures for a trip log."""

KM_PER_MILE = 1.609344
LITRES_PER_GALLON = 3.785411784  # US gallon


def litres_per_100km(litres, km):
    """Consumption in litres per 100 km."""
    return litres / km * 1000


def km_per_litre(litres, km):
    """Distance driven per litre of fuel."""
    return km / litres


def mpg(litres, km):
    """Miles per US gallon."""
    return (km / KM_PER_MILE) / (litres / LITRES_PER_GALLON)
