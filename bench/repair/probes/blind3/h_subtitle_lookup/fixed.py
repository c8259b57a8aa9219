def find_cue(cues, t, lo=0, hi=None):
    """Return the text of the subtitle cue (start, end, text) active at time t, or None; cues sorted by start."""
    if hi is None:
        hi = len(cues) - 1
    if lo > hi: return None
    mid = (lo + hi) // 2
    start, end, text = cues[mid]
    if t < start:
        return find_cue(cues, t, lo, mid - 1)
    if t >= end:
        return find_cue(cues, t, mid + 1, hi)
    return text
