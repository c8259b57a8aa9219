"""Pace calculations for logged runs (distance in km, duration in seconds)."""


def pace(workout):
    """Seconds per km, or None when no distance was recorded."""
    if workout["km"] <= 0:
        return None
    return workout["seconds"] / workout["km"]


def format_pace(seconds_per_km):
    """Pace as m:ss per km."""
    if seconds_per_km is None:
        return "--:--"
    minutes, seconds = divmod(round(seconds_per_km), 60)
    return f"{minutes}:{seconds:02d}"


def best_pace(workouts):
    """Fastest pace among workouts that have a distance, or None."""
    paces = [pace(w) for w in workouts]
    paces = [p for p in paces if p is not None]
    return min(paces) if paces else None
