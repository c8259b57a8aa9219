"""Streaks of days that reached the daily step goal."""


def goal_days(days, goal):
    """The day numbers on which at least goal steps were walked."""
    return [day for day, steps in days if steps >= goal]


def longest_streak(days, goal):
    """Length of the longest run of consecutive days that each reached goal steps.

    days is a list of (day_number, steps) pairs in increasing day order; a day that is missing
    from the list breaks a streak.
    """
    best = current = 0
    previous = None
    for day, steps in days:
        if steps < goal:
            current = 0
        elif previous is not None:
            current += 1
        else:
            current = 1
        previous = day
        best = max(best, current)
    return best


def current_streak(days, goal):
    """Length of the streak that ends with the last day of the list (0 if that day missed goal)."""
    count = 0
    expected = None
    for day, steps in reversed(days):
        if steps < goal or (expected is not None and day != expected):
            break
        count += 1
        expected = day - 1
    return count
