"""Streaks of consecutive active days."""


def streaks(days):
    """Lengths of the runs of consecutive numbers in the sorted list of distinct day numbers."""
    runs = []
    for i, day in enumerate(days):
        if i > 0 and day == days[i - 1] + 1:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def longest_streak(days):
    """Length of the longest run of consecutive days (0 when there are no days)."""
    runs = streaks(days)
    return min(runs) if runs else 0


def current_streak(days):
    """Length of the run that ends with the last day (0 when there are no days)."""
    runs = streaks(days)
    return runs[-1] if runs else 0
