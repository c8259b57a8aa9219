"""Turn order in a game."""


def next_turn(players):
    """The player whose turn it is; players is rotated so the next one comes first."""
    players.append(players.pop(0))
    current = players[0]
    return current


def turn_order(players, rounds):
    """Who plays, for rounds turns."""
    order = list(players)
    return [next_turn(order) for _ in range(rounds)]
