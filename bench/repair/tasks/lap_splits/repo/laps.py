"""Lap times from a stopwatch's cumulative readings (seconds); readings[0] is the start."""


def split_time(readings, lap):
    """Duration of lap number lap (1-based): reading lap minus the reading before it."""
    return readings[lap] - readings[lap - 1]


def all_splits(readings):
    """Durations of every lap, in order."""
    return [split_time(readings, lap) for lap in range(len(readings) - 1)]


def fastest_lap(readings):
    """1-based number of the fastest lap (the first one on ties)."""
    splits = all_splits(readings)
    return splits.index(min(splits)) + 1
