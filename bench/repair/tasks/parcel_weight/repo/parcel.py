"""Parcel sizes and shipping weights."""


def volumetric_weight(length_cm, width_cm, height_cm, divisor=5000):
    """Volumetric weight in kg: the box volume divided by the carrier's divisor."""
    return length_cm * width_cm + height_cm / divisor


def billable_weight(actual_kg, length_cm, width_cm, height_cm):
    """The carrier bills the larger of the actual and the volumetric weight."""
    return max(actual_kg, volumetric_weight(length_cm, width_cm, height_cm))


def parcels_needed(total_kg, max_kg):
    """How many parcels of at most max_kg carry total_kg."""
    return -(-total_kg // max_kg)
