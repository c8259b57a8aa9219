"""Single-elimination tournament brackets.

A bracket is either a player name (str) or a pair (left, right) of brackets.
"""


def play(bracket, ratings):
    """Return the winner of the bracket.

    The higher rated player wins each match; ties go to the left side.
    """
    if isinstance(bracket, str):
        return bracket
    left = play(bracket[0], ratings)
    right = play(bracket[1], ratings)
    return left if ratings[left] >= ratings[right] else right


def players(bracket):
    """Return the list of player names in bracket order."""
    if isinstance(bracket, str):
        return [bracket]
    return players(bracket[0]) + players(bracket[1])


def rounds(bracket):
    """Return the number of rounds needed to finish the bracket."""
    if isinstance(bracket, str):
        return 0
    return 1 + max(rounds(bracket[0]), rounds(bracket[1]))
