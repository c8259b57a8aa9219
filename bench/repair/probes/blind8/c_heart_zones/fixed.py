"""Heart-rate training zones."""

ZONES = ["rest", "warm-up", "fat burn", "cardio", "peak"]


def max_heart_rate(age):
    """Estimated maximum heart rate for an age, using 220 minus age."""
    return 220 - age


def zone(heart_rate, age):
    """Name of the training zone for a heart rate, by percent of maximum.

    Below 50% is rest, then 50-59% warm-up, 60-69% fat burn, 70-79% cardio
    and 80% or more peak. The percentage is rounded down.
    """
    percent = heart_rate * 100 // max_heart_rate(age)
    if percent < 50:
        return ZONES[0]
    if percent < 60:
        return ZONES[1]
    if percent < 70:
        return ZONES[2]
    if percent < 80:
        return ZONES[3]
    return ZONES[4]
