"""Statistics over a player's rating history (rating after each event)."""


def peak_rating(history):
    """Highest rating reached, or None for an empty history."""
    return max(history) if history else None


def net_change(history):
    """Rating change from the first to the last entry."""
    if len(history) < 2:
        return 0
    return history[-1] - history[0]


def biggest_gain(history):
    """Largest change between consecutive entries (may be negative); None if < 2."""
    if len(history) < 2:
        return None
    best = 0
    for before, after in zip(history, history[1:]):
        best = max(best, after - before)
    return best


def longest_climb(history):
    """Length of the longest run of consecutive increases."""
    longest = current = 0
    for before, after in zip(history, history[1:]):
        current = current + 1 if after > before else 0
        longest = max(longest, current)
    return longest
