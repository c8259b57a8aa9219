"""Weekly step totals from a list of daily step counts."""


def weekly_totals(daily):
    """Sum of the steps of each block of seven days; a last, shorter week is summed too."""
    totals = []
    week = 0
    for day, steps in enumerate(daily, start=1):
        week += steps
        if day % 7 == 0:
            totals.append(week)
    if len(daily) % 7:
        totals.append(week)
    return totals


def best_week(daily):
    """The 1-based number of the week with the most steps (the earliest on a tie), or None."""
    totals = weekly_totals(daily)
    if not totals:
        return None
    return totals.index(max(totals)) + 1


def days_below(daily, goal):
    """How many days fell short of goal steps."""
    return sum(1 for steps in daily if steps < goal)
