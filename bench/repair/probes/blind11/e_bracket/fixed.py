"""Knock-out brackets as nested pairs: a leaf is a player name, a match is (left, right)."""


def players_in(bracket):
    """All player names in bracket order."""
    if isinstance(bracket, str):
        return [bracket]
    left, right = bracket
    return players_in(left) + players_in(right)


def rounds_needed(bracket):
    """Number of rounds to play (depth of the bracket)."""
    if isinstance(bracket, str):
        return 0
    left, right = bracket
    return 1 + max(rounds_needed(left), rounds_needed(right))


def predicted_winner(bracket, ratings):
    """Winner if the higher-rated player always wins (ties go to the left)."""
    if isinstance(bracket, str):
        return bracket
    left, right = bracket
    a = predicted_winner(left, ratings)
    b = predicted_winner(right, ratings)
    return a if ratings[a] >= ratings[b] else b


def matches_to_play(bracket):
    """Number of matches in the bracket."""
    return len(players_in(bracket)) - 1
