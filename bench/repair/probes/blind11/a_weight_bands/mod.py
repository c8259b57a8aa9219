"""Weight bands and chargeable weight for parcels."""

BANDS = [(2.0, "small"), (10.0, "medium"), (30.0, "large")]


def weight_band(weight_kg):
    """Return the band name; a weight equal to a limit belongs to that band."""
    for limit, name in BANDS:
        if weight_kg < limit:
            return name
    return "freight"


def volumetric_weight(length_cm, width_cm, height_cm, divisor=5000):
    """Return the volumetric weight in kg for a box of the given size."""
    return length_cm * width_cm * height_cm / divisor


def chargeable_weight(actual_kg, length_cm, width_cm, height_cm):
    """Return the larger of the actual and the volumetric weight."""
    return max(actual_kg, volumetric_weight(length_cm, width_cm, height_cm))


def chargeable_band(actual_kg, length_cm, width_cm, height_cm):
    """Return the band for the chargeable weight of a box."""
    return weight_band(chargeable_weight(actual_kg, length_cm, width_cm, height_cm))
