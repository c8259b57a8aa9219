"""Quoting freight charges."""

MINIMUM_CHARGE = 500


def freight_charge(weight_kg, distance_km, rate_per_kg, rate_per_km):
    """Weight charge plus distance charge in cents, never below the minimum charge."""
    charge = weight_kg * rate_per_kg + distance_km * rate_per_kg
    return max(charge, MINIMUM_CHARGE)


def charge_per_parcel(total, parcels):
    """Share of the total charge per parcel, rounded up to a whole cent."""
    return -(-total // parcels)
