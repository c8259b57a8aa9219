"""Reminders to check on something in the oven."""


def check_times(total_minutes, every):
    """Minutes at which to check the oven: every `every` minutes,
    up to and including total_minutes.
    """
    if every <= 0:
        raise ValueError("interval must be positive")
    return list(range(every, total_minutes, every))


def timer_labels(total_minutes, every):
    """Labels like "0:20" (hours:minutes) for each check."""
    return [f"{m // 60}:{m % 60:02d}" for m in check_times(total_minutes, every)]
