"""Streak statistics for a sequence of match results ("W", "L" or "D")."""


def longest_streak(results, kind="W"):
    """Return the length of the longest run of consecutive `kind` results."""
    best = 0
    current = 0
    for r in results:
        if r == kind:
            best = max(best, current)
            current += 1
        else:
            current = 0
    return best


def current_streak(results):
    """Return (result, length) for the run at the end of results, or (None, 0) if empty."""
    if not results:
        return (None, 0)
    last = results[-1]
    length = 0
    for r in reversed(results):
        if r != last:
            break
        length += 1
    return (last, length)


def streak_changes(results):
    """Return how many times a result differs from the one before it."""
    changes = 0
    prev = None
    for r in results:
        if prev is not None and r != prev:
            changes += 1
        prev = r
    return changes
