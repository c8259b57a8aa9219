def longest_run(days):
    best = 0
    current = 0
    for active in days:
        if active:
            current += 1
            best = max(best, current)
    return best
