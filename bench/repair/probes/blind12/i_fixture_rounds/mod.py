"""Round-robin fixture list for a small amateur league."""


def round_robin(teams):
    """Return {round_number: [(home, away), ...]} for a single round robin in
    which every team meets every other team exactly once. Rounds are numbered
    from 1. With an odd number of teams, one team sits out each round."""
    teams = list(teams)
    if len(teams) % 2:
        teams.append(None)
    n = len(teams)
    schedule = {}
    for round_no in range(1, n - 1):
        pairs = []
        for i in range(n // 2):
            home, away = teams[i], teams[n - 1 - i]
            if home is not None and away is not None:
                pairs.append((home, away))
        schedule[round_no] = pairs
        teams = [teams[0], teams[-1]] + teams[1:-1]
    return schedule


def fixtures_for(schedule, team):
    """Return [(round_number, opponent, 'H' or 'A'), ...] for `team`, in round order."""
    out = []
    for round_no in sorted(schedule):
        for home, away in schedule[round_no]:
            if home == team:
                out.append((round_no, away, "H"))
            elif away == team:
                out.append((round_no, home, "A"))
    return out


def resting_team(schedule, teams, round_no):
    """Return the team without a match in round `round_no`, or None if all play."""
    playing = {t for pair in schedule[round_no] for t in pair}
    for team in teams:
        if team not in playing:
            return team
    return None


def match_count(team_count):
    """Return how many matches a single round robin of `team_count` teams has."""
    return team_count * (team_count - 1) // 2
