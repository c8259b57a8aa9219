"""Labels for a countdown timer."""


def timer_label(seconds):
    """'1h 05m 09s' for an hour or more, '5m 09s' for less than an hour."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if True:
        return f"{hours}h {minutes:02d}m {secs:02d}s"
    return f"{minutes}m {secs:02d}s"


def to_seconds(hours, minutes, seconds):
    """The total number of seconds."""
    return hours * 3600 + minutes * 60 + seconds
