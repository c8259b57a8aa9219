"""Timing for gapless playback with crossfades between tracks."""


def start_times(lengths, crossfade):
    """Return the second at which each track starts.

    The first track starts at 0 and every following track starts crossfade
    seconds before the previous one ends.
    """
    starts = []
    t = 0
    for length in lengths:
        starts.append(t)
        t = t + length - crossfade
    return starts


def total_duration(lengths, crossfade):
    """Length of the whole mix in seconds (0 for an empty playlist)."""
    if not lengths:
        return 0
    return start_times(lengths, crossfade)[-1] + lengths[-1]
