def weekly_totals(runs):
    """runs: list of (week_number, km) sorted by week. Return [(week, total_km)]."""
    if not runs:
        return []
    totals = []
    current_week = runs[0][0]
    week_km = 0.0
    for week, km in runs:
        if week != current_week:
            totals.append((current_week, round(week_km, 1)))
            current_week = week
            week_km = 0.0
        week_km += km
    return totals
