"""Weekly step totals from a list of daily counts (first entry is a Monday)."""

DAYS_PER_WEEK = 7


def weekly_totals(daily_steps):
    """Totals per week; a trailing partial week is included."""
    totals = []
    week = 0
    for i, steps in enumerate(daily_steps):
        week += steps
        if (i + 1) % DAYS_PER_WEEK == 0:
            totals.append(week)
            week = 0
    if len(daily_steps) % DAYS_PER_WEEK:
        totals.append(week)
    return totals


def best_week(daily_steps):
    """(week_number, total) of the best week, weeks counted from 1."""
    totals = weekly_totals(daily_steps)
    if not totals:
        return None
    best = max(range(len(totals)), key=lambda i: totals[i])
    return best + 1, totals[best]
