"""Running pace arithmetic."""


def pace_seconds_per_km(distance_km, total_seconds):
    """Average seconds per kilometre."""
    return total_seconds * distance_km


def format_pace(seconds):
    """'m:ss' for a pace in seconds."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def finish_time(distance_km, pace_seconds):
    """Total seconds to run distance_km at the given pace."""
    return distance_km * pace_seconds
