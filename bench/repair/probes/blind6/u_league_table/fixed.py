"""League table built from match results."""


def build_table(results):
    """Return {team: row}, each row holding played, points, scored, conceded.

    A win is worth three points and a draw one.
    """
    table = {}
    for home, away, home_goals, away_goals in results:
        for team, scored, conceded in ((home, home_goals, away_goals),
                                       (away, away_goals, home_goals)):
            row = table.setdefault(team, {"played": 0, "points": 0, "scored": 0, "conceded": 0})
            row["played"] += 1
            row["scored"] += scored
            row["conceded"] += conceded
            if scored > conceded:
                row["points"] += 3
            elif scored == conceded:
                row["points"] += 1
    return table


def standings(results):
    """Return team names ordered by points, then goal difference, then name."""
    table = build_table(results)
    return sorted(
        table,
        key=lambda t: (-table[t]["points"], table[t]["conceded"] - table[t]["scored"], t),
    )
