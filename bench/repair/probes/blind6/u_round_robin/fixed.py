"""Round-robin fixture generation using the circle method."""


def round_robin(teams):
    """Return a list of rounds, each a list of (home, away) pairings.

    With an odd number of teams one team rests each round.  Every pair of
    teams meets exactly once over the whole schedule.
    """
    teams = list(teams)
    if len(teams) % 2:
        teams.append(None)
    fixed, rotating = teams[0], teams[1:]
    rounds = []
    for _ in range(len(teams) - 1):
        lineup = [fixed] + rotating
        half = len(lineup) // 2
        pairs = zip(lineup[:half], reversed(lineup[half:]))
        rounds.append([(h, a) for h, a in pairs if h is not None and a is not None])
        rotating = rotating[-1:] + rotating[:-1]
    return rounds
