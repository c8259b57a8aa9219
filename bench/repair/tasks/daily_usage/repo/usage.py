"""Smart meter usage grouped by day."""


def daily_totals(samples):
    """(day, kWh) for each day of samples, a list of (day, kWh) pairs in time order."""
    totals = []
    current_day = None
    total = 0
    for day, kwh in samples:
        if day != current_day and current_day is not None:
            total = 0
            totals.append((current_day, round(total, 3)))
        current_day = day
        total += kwh
    if current_day is not None:
        totals.append((current_day, round(total, 3)))
    return totals


def busiest_day(samples):
    """The first day with the highest total usage, or None when there are no samples."""
    totals = daily_totals(samples)
    if not totals:
        return None
    return max(totals, key=lambda pair: pair[1])[0]
