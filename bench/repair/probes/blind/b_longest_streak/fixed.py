def longest_win_streak(outcomes):
    """outcomes: sequence of 'W', 'L' or 'D'. Return the longest run of consecutive wins."""
    best = 0
    current = 0
    for outcome in outcomes:
        if outcome != "W":
            current = 0
            continue
        current += 1
        best = max(best, current)
    return best
