"""Wind report from anemometer readings (the sensor reports m/s)."""

KMH_PER_MS = 3.6


def to_kmh(speed_ms):
    """Convert m/s to km/h, one decimal."""
    return round(speed_ms * KMH_PER_MS, 1)


def classify(speed_kmh):
    """Rough wind class used on the station's web page."""
    if speed_kmh < 2:
        return "calm"
    if speed_kmh < 20:
        return "light"
    if speed_kmh < 50:
        return "moderate"
    return "strong"


def report(samples_ms):
    """Average and peak wind in km/h plus the class of the average."""
    if not samples_ms:
        return None
    average = to_kmh(sum(samples_ms) / len(samples_ms))
    peak = to_kmh(max(samples_ms))
    return {"average": average, "peak": peak, "class": classify(average)}
