"""Match result helpers for a football league."""


def margin(result):
    """Return the winning margin of a (home, away, home_goals, away_goals) result."""
    _, _, home_goals, away_goals = result
    return home_goals - away_goals


def biggest_win(results):
    """Return the result with the largest winning margin.

    Ties go to the earliest result; returns None when there are no results.
    """
    best = None
    for result in results:
        if best is None or margin(result) > margin(best):
            best = result
    return best
