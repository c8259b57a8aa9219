"""Win/loss streak statistics for a sports team."""


def longest_streak(results, symbol="W"):
    """Return the length of the longest run of symbol in a results string like 'WWLW'."""
    best = 0
    current = 0
    for r in results:
        if r == symbol:
            current += 1
            best = max(best, current)
    return best


def streak_report(results):
    """Return a dict with the longest winning and losing streaks."""
    return {"win": longest_streak(results, "W"), "loss": longest_streak(results, "L")}
