"""League table for a round of football matches.

Results are (home, away, home_goals, away_goals) tuples.
"""

WIN_POINTS = 3
DRAW_POINTS = 1


def points_table(results):
    """Return a dict team -> points.

    A win is worth 3 points, a draw 1 point to each side, a loss nothing.
    Every team that played appears in the table, even with 0 points.
    """
    points = {}
    for home, away, home_goals, away_goals in results:
        points.setdefault(home, 0)
        points.setdefault(away, 0)
        if home_goals > away_goals:
            points[home] += WIN_POINTS
        elif home_goals < away_goals:
            points[away] += WIN_POINTS
        else:
            points[home] += DRAW_POINTS
            points[away] += DRAW_POINTS
    return points


def goal_difference(results):
    """Return a dict team -> goals scored minus goals conceded."""
    diff = {}
    for home, away, home_goals, away_goals in results:
        diff[home] = diff.get(home, 0) + home_goals - away_goals
        diff[away] = diff.get(away, 0) + away_goals - home_goals
    return diff


def ranking(results):
    """Return team names ordered by points, then goal difference, then name."""
    points = points_table(results)
    diff = goal_difference(results)
    return sorted(points, key=lambda t: (-points[t], -diff[t], t))
