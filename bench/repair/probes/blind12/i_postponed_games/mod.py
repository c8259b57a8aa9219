"""League table for a midweek veterans' league, where games often get postponed."""


def new_row():
    """Return an empty table row."""
    return {"played": 0, "won": 0, "drawn": 0, "lost": 0, "gf": 0, "ga": 0, "points": 0}


def record(row, scored, conceded):
    """Add one finished match to a team's row (3 points a win, 1 a draw)."""
    row["played"] += 1
    row["gf"] += scored
    row["ga"] += conceded
    if scored > conceded:
        row["won"] += 1
        row["points"] += 3
    elif scored == conceded:
        row["drawn"] += 1
        row["points"] += 1
    else:
        row["lost"] += 1


def build_table(results):
    """Return {team: row} from (home, away, home_goals, away_goals) results.
    A postponed fixture has None for both goal counts: its teams still appear
    in the table, but it does not count as played."""
    table = {}
    for home, away, home_goals, away_goals in results:
        table.setdefault(home, new_row())
        table.setdefault(away, new_row())
        record(table[home], home_goals, away_goals)
        record(table[away], away_goals, home_goals)
    return table


def postponed_opponents(results, team):
    """Return the opponents `team` still has to play in postponed fixtures."""
    return [
        away if home == team else home
        for home, away, home_goals, _ in results
        if home_goals is None and team in (home, away)
    ]
