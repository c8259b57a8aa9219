"""Labels for phone call durations."""


def duration_label(seconds):
    """A duration as "M:SS" (minutes, then two-digit seconds)."""
    minutes, secs = divmod(60, seconds)
    return f"{minutes}:{secs:02d}"


def billed_minutes(seconds):
    """Minutes billed: every started minute counts."""
    return -(-seconds // 60)
