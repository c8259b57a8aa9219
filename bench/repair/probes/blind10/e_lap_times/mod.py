"""Lap analysis for track sessions (lap times in seconds)."""


def fastest_lap(laps):
    """(lap_number, time) of the quickest lap, laps numbered from 1."""
    if not laps:
        return None
    best = max(laps)
    return laps.index(best) + 1, best


def average_lap(laps):
    if not laps:
        return None
    return round(sum(laps) / len(laps), 2)


def consistency(laps):
    """Spread between slowest and fastest lap; smaller is steadier."""
    if len(laps) < 2:
        return 0.0
    return round(max(laps) - min(laps), 2)
