"""Clean up raw temperature readings from the weather station."""

MISSING = -999.0  # value the logger writes when the sensor did not answer


def clean(readings):
    """Drop readings that are absent or flagged as missing."""
    return [r for r in readings if r is not None]


def mean_temperature(readings):
    """Mean of the valid readings, or None if there are none."""
    values = clean(readings)
    if not values:
        return None
    return round(sum(values) / len(values), 1)


def coverage(readings):
    """Share of readings that are valid, between 0 and 1."""
    if not readings:
        return 0.0
    return len(clean(readings)) / len(readings)
