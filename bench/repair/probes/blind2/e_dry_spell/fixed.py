def longest_dry_spell(daily_rain_mm, dry_threshold=0.2):
    """Return (length, start_index) of the longest run of dry days."""
    best_len, best_start = 0, None
    run_len, run_start = 0, 0
    for day, rain in enumerate(daily_rain_mm):
        if rain >= dry_threshold:
            run_len = 0
            continue
        if run_len == 0:
            run_start = day
        run_len += 1
        if run_len > best_len:
            best_len, best_start = run_len, run_start
    return best_len, best_start
