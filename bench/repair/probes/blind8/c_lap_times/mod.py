"""Lap statistics for a track session."""


def lap_consistency(lap_seconds):
    """Mean absolute deviation of lap times from their average, in seconds.

    Fewer than two laps give 0.0.
    """
    if len(lap_seconds) < 2:
        return 0.0
    mean = sum(lap_seconds) / len(lap_seconds)
    return sum(t - mean for t in lap_seconds) / len(lap_seconds)


def fastest_lap(lap_seconds):
    """Return (lap_number, seconds) of the fastest lap, counting laps from 1."""
    best = min(range(len(lap_seconds)), key=lambda i: lap_seconds[i])
    return best + 1, lap_seconds[best]
