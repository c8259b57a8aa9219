"""Pairings for club tournaments."""


def games_in_round_robin(n):
    """Number of games when n players all meet once."""
    return n * (n - 1) // 2


def pair_by_rank(players):
    """Pair neighbours in a ranked list (1v2, 3v4, ...); the odd one out gets a bye.

    Returns (pairs, bye) where bye is None for an even number of players.
    """
    pairs = [(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]
    bye = players[-1] if len(players) % 2 else None
    return pairs, bye


def round_robin(players):
    """Circle-method schedule: a list of rounds, each a list of (white, black)."""
    players = list(players)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            white, black = players[i], players[n - 1 - i]
            if white is not None and black is not None:
                pairs.append((white, black))
        rounds.append(pairs)
        players = [players[0], players[-1]] + players[1:-1]
    return rounds


def opponents_of(player, rounds):
    """Everyone the player meets in the schedule, in round order."""
    result = []
    for pairs in rounds:
        for white, black in pairs:
            if player in (white, black):
                result.append(black if white == player else white)
    return result
