"""Form guide for the club noticeboard."""


def outcome(scored, conceded):
    """Return 'W', 'D' or 'L' for a match with the given score."""
    if scored > conceded:
        return "W"
    if scored < conceded:
        return "L"
    return "D"


def scores_for(results, team):
    """Return (scored, conceded) for each of `team`'s matches, in the order of
    `results` (oldest first). Results are (home, away, home_goals, away_goals)."""
    out = []
    for home, away, home_goals, away_goals in results:
        if home == team:
            out.append((home_goals, away_goals))
        elif away == team:
            out.append((away_goals, home_goals))
    return out


def form(results, team, last=5):
    """Return the outcomes of `team`'s most recent `last` matches as a string,
    oldest first, e.g. 'WWDLW'."""
    letters = [outcome(s, c) for s, c in scores_for(results, team)]
    return "".join(letters[-last:])


def unbeaten_run(results, team):
    """Return how many matches `team` has gone without losing, counting back
    from its latest match (wins and draws both keep the run going)."""
    run = 0
    for scored, conceded in reversed(scores_for(results, team)):
        if scored < conceded:
            break
        run += 1
    return run


def form_points(form_string):
    """Return the points represented by a form string (W=3, D=1, L=0)."""
    return sum({"W": 3, "D": 1}.get(ch, 0) for ch in form_string)
