"""Alerts for sudden changes in wind direction."""

COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def angle_between(a, b):
    """Smallest difference in degrees between two bearings."""
    diff = abs(a - b) % 360
    return min(diff, 360 - diff)


def compass_point(bearing):
    """The 8-point compass name nearest to a bearing in degrees."""
    return COMPASS[round(bearing % 360 / 45) % 8]


def wind_shifts(readings, threshold=90):
    """(time, old point, new point) for each reading whose bearing differs from
    the previous reading's by more than threshold degrees.

    readings is a list of (time, bearing) pairs in time order.
    """
    shifts = []
    prev = None
    for time, bearing in readings:
        if prev is not None and angle_between(prev, bearing) > threshold:
            shifts.append((time, compass_point(prev), compass_point(bearing)))
    return shifts
