"""Carrier rules for parcels leaving the depot (sizes in cm, weights in kg)."""

MAX_LENGTH = 150
MAX_LENGTH_AND_GIRTH = 300
MAX_WEIGHT = 30


def girth(width, height):
    """Distance round the parcel at its thickest: twice the width plus twice the height."""
    return 2 * (width + height)


def is_oversize(length, width, height):
    """True when the longest side is over MAX_LENGTH or length plus girth is over
    MAX_LENGTH_AND_GIRTH; the sides may be given in any order."""
    length, width, height = sorted([length, width, height], reverse=True)
    return length > MAX_LENGTH and length + girth(width, height) > MAX_LENGTH_AND_GIRTH


def service_for(parcel):
    """'freight', 'heavy' or 'standard' for a parcel dict with length, width, height, weight."""
    if is_oversize(parcel["length"], parcel["width"], parcel["height"]):
        return "freight"
    if parcel["weight"] > MAX_WEIGHT:
        return "heavy"
    return "standard"


def split_by_service(parcels):
    """{service: [parcel ids]} for a list of parcel dicts with an 'id' key."""
    groups = {}
    for parcel in parcels:
        groups.setdefault(service_for(parcel), []).append(parcel["id"])
    return groups
