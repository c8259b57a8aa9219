"""Planning the league's knockout cup."""


def round_sizes(entrants):
    """Return how many teams are left at the start of each round, e.g.
    6 -> [6, 3, 2]. With an odd number, one team gets a bye into the next round."""
    sizes = []
    n = entrants
    while n > 1:
        sizes.append(n)
        n = (n + 1) // 2
    return sizes


def cup_matches(entrants):
    """Return how many matches the cup needs in total for `entrants` teams
    (teams are paired off each round; an odd team out gets a bye)."""
    if entrants <= 1:
        return 0
    return entrants // 2 + cup_matches(entrants // 2)


def round_name(teams_left):
    """Return the name of the round played by `teams_left` teams."""
    names = {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}
    return names.get(teams_left, "Round of %d" % teams_left)


def referee_fees(entrants, fee_per_match):
    """Return the total referee cost for the cup at `fee_per_match` per match."""
    return cup_matches(entrants) * fee_per_match
