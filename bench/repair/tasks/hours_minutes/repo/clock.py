"""Durations in hours and minutes."""


def hours_minutes(minutes):
    """'H:MM' for a duration in whole minutes."""
    hours, rest = divmod(60, minutes)
    return f"{hours}:{rest:02d}"


def total_minutes(text):
    """Whole minutes of an 'H:MM' duration."""
    hours, rest = text.split(":")
    return int(hours) * 60 + int(rest)
