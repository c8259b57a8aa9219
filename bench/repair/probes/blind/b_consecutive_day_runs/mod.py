from datetime import timedelta


def consecutive_runs(days):
    """Group dates into runs of consecutive calendar days, e.g. for vacation blocks."""
    runs = []
    current = []
    for day in sorted(set(days)):
        if current and day - current[-1] != timedelta(days=1):
            runs.append((current[0], current[-1]))
            current = []
    if current:
        runs.append((current[0], current[-1]))
    return runs
