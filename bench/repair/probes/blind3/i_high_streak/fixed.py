def longest_high_streak(readings, threshold):
    """Return the length of the longest run of consecutive readings above threshold."""
    best = run = 0
    for value in readings:
        if value <= threshold:
            run = 0
            continue
        run += 1
        best = max(best, run)
    return best
