def count_frost_days(daily_minimums):
    """Count days whose minimum temperature fell below 0 C, ignoring missing readings (None)."""
    frost = 0
    for t in daily_minimums:
        if t is None:
            continue
        if t < 0:
            frost += 1
    return frost
