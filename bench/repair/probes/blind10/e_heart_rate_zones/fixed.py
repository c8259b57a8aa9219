"""Heart-rate training zones based on the age-predicted maximum."""

MAX_HR_BASE = 220  # classic estimate: max heart rate = 220 - age
ZONES = [
    ("recovery", 0.50),
    ("endurance", 0.60),
    ("tempo", 0.70),
    ("threshold", 0.80),
    ("max", 0.90),
]


def max_heart_rate(age):
    return MAX_HR_BASE - age


def zone_for(bpm, age):
    """Name of the training zone for a heart rate, or None below the first zone."""
    ratio = bpm / max_heart_rate(age)
    current = None
    for name, lower in ZONES:
        if ratio >= lower:
            current = name
    return current


def time_in_zones(samples, age):
    """Seconds spent in each zone, from one sample per second."""
    totals = {name: 0 for name, _ in ZONES}
    for bpm in samples:
        zone = zone_for(bpm, age)
        if zone is not None:
            totals[zone] += 1
    return totals
