"""Feeding log of the shelter kitchen."""


def daily_totals(log):
    """Grams fed per day as (day, total) pairs, from a log of (day, grams) entries sorted by day."""
    totals = []
    current_day = None
    running = 0
    for day, grams in log:
        if day != current_day and current_day is not None:
            running = 0
            totals.append((current_day, running))
        current_day = day
        running += grams
    if current_day is not None:
        totals.append((current_day, running))
    return totals


def overfed_days(log, limit):
    """Days on which more than limit grams were fed, in order."""
    return [day for day, total in daily_totals(log) if total > limit]


def average_per_day(log):
    """Average grams fed per day of the log, rounded to 1 place; 0.0 for an empty log."""
    totals = daily_totals(log)
    if not totals:
        return 0.0
    return round(sum(total for _, total in totals) / len(totals), 1)
