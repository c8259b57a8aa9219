"""Merging the workouts recorded by a phone and by a watch."""


def merge_workouts(phone, watch, tolerance=5):
    """All workouts of both devices, sorted by start minute.

    A phone workout is left out when the watch has the same workout: the same sport, starting
    at most tolerance minutes earlier or later.
    """
    merged = list(watch)
    for workout in phone:
        duplicate = any(
            abs(other["start"] - workout["start"]) <= tolerance
            for other in watch
        )
        if not duplicate:
            merged.append(workout)
    return sorted(merged, key=lambda w: w["start"])


def total_minutes(workouts):
    """The sum of the workouts' durations in minutes."""
    return sum(w["minutes"] for w in workouts)


def sports(workouts):
    """The distinct sports of the workouts, in alphabetical order."""
    return sorted({w["sport"] for w in workouts})
