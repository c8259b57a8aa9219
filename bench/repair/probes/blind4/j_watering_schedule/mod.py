def watering_days(num_days, interval, rainy_days):
    """Plan watering days (0-based) every `interval` days; a rainy day counts as watered."""
    schedule = []
    last = -interval
    for day in range(num_days):
        if day in rainy_days:
            last = day
            continue
        if day - last >= interval:
            schedule.append(day)
    return schedule
