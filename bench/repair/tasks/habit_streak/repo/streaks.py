"""Streaks in a habit tracker."""


def longest_streak(days):
    """Length of the longest run of consecutive done days (days is a list of booleans)."""
    best = 0
    current = 0
    for done in days:
        if not done:
            continue
        current += 1
        best = max(best, current)
    return best


def completion_rate(days):
    """Share of done days as a whole percentage (0 when there are no days)."""
    if not days:
        return 0
    return round(100 * sum(1 for done in days if done) / len(days))
