"""Points and standings for a Sunday five-a-side league."""

WIN_POINTS = 3
DRAW_POINTS = 1


def match_points(scored, conceded):
    """Return the league points a team earns for one match (3 win, 1 draw, 0 loss)."""
    if scored > conceded:
        return WIN_POINTS
    if scored == conceded:
        return DRAW_POINTS
    return 0


def team_scores(results, team):
    """Return (scored, conceded) pairs, from `team`'s point of view, for every
    result it played in. Results are (home, away, home_goals, away_goals)."""
    scores = []
    for home, away, home_goals, away_goals in results:
        if home == team:
            scores.append((home_goals, away_goals))
        elif away == team:
            scores.append((away_goals, home_goals))
    return scores


def season_points(results, team, deduction=0):
    """Return `team`'s points total for the season, minus any points
    `deduction` imposed by the league committee."""
    total = -deduction
    for scored, conceded in team_scores(results, team):
        total += match_points(scored, conceded)
    return total


def standings(results, deductions=None):
    """Return [(team, points), ...] for every team in `results`, most points
    first; teams level on points are listed alphabetically. `deductions`
    maps team -> points deducted."""
    deductions = deductions or {}
    teams = {r[0] for r in results} | {r[1] for r in results}
    rows = [(t, season_points(results, t, deductions.get(t, 0))) for t in teams]
    return sorted(rows, key=lambda row: (-row[1], row[0]))
