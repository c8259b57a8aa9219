"""Postage size bands for parcels measured in centimetres."""

# (band, longest side, middle side, shortest side) limits, smallest band first.
BANDS = [
    ("large_letter", 35.3, 25.0, 2.5),
    ("small_parcel", 45.0, 35.0, 16.0),
    ("medium_parcel", 61.0, 46.0, 46.0),
]


def size_band(dimensions):
    """The smallest band a parcel fits in, or 'oversize'.

    dimensions is a list of the three side lengths in any order; the parcel may be turned,
    so its longest side is checked against the band's longest limit, and so on.
    """
    longest, middle, shortest = dimensions
    for band, max_long, max_mid, max_short in BANDS:
        if longest <= max_long and middle <= max_mid and shortest <= max_short:
            return band
    return "oversize"


def girth(dimensions):
    """Longest side plus twice the sum of the two other sides."""
    sides = sorted(dimensions)
    return sides[2] + 2 * (sides[0] + sides[1])


def band_counts(parcels):
    """How many parcels of the list fall in each band (bands with no parcels left out)."""
    counts = {}
    for dimensions in parcels:
        band = size_band(dimensions)
        counts[band] = counts.get(band, 0) + 1
    return counts
