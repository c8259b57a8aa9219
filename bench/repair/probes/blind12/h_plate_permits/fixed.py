"""Residential parking permits, as checked by enforcement officers."""

import math


def normalize_plate(plate):
    """Return the plate in canonical form: upper case, with all spaces and dashes removed."""
    return plate.upper().replace("-", "").replace(" ", "")


def has_permit(plate, permits, zone):
    """Return True if the plate holds a permit for `zone`.

    `permits` maps canonical plate -> set of zone codes.
    """
    return zone in permits.get(normalize_plate(plate), set())


def penalty(plate, permits, zone, minutes_over, base=40, per_hour=10):
    """Return the penalty for a car seen in a permit zone.

    0 if the car has a permit for the zone; otherwise `base` plus `per_hour`
    for every started hour of `minutes_over` beyond the free period.
    """
    if has_permit(plate, permits, zone):
        return 0
    return base + per_hour * math.ceil(max(0, minutes_over) / 60)


def unpermitted_by_zone(sightings, permits):
    """Return {zone: count} of sightings (plate, zone) without a valid permit."""
    counts = {}
    for plate, zone in sightings:
        if not has_permit(plate, permits, zone):
            counts[zone] = counts.get(zone, 0) + 1
    return counts
