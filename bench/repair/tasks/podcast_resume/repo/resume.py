"""Playback positions of podcast episodes (all times in seconds)."""

END_MARGIN = 30


def resume_at(position, duration):
    """Second to resume an episode from.

    The episode starts over (0) when it was never started (position None)
    or when it was left within END_MARGIN seconds of its end.
    """
    if position is None:
        return 0
    return position


def progress_percent(position, duration):
    """How far into the episode position is, as a whole percentage (0 if not started)."""
    if position is None or duration <= 0:
        return 0
    return min(100, round(100 * position / duration))


def remaining_label(position, duration):
    """Time left as shown under the play button, e.g. '12 min left' or 'under 1 min left'."""
    left = duration - (position or 0)
    minutes = left // 60
    if minutes < 1:
        return "under 1 min left"
    return f"{minutes} min left"
