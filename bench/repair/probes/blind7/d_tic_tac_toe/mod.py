"""Tic-tac-toe board evaluation.

A board is a list of three strings of three characters each: "X", "O" or ".".
"""


def lines():
    """Return the 8 winning lines as lists of (row, col) cells."""
    result = []
    for i in range(3):
        result.append([(i, 0), (i, 1), (i, 2)])
        result.append([(0, i), (1, i), (2, i)])
    result.append([(0, 0), (1, 1), (2, 2)])
    result.append([(0, 2), (1, 1), (2, 0)])
    return result


def winner(board):
    """Return "X" or "O" if that player has three in a line, otherwise None."""
    for player in ("X", "O"):
        for line in lines():
            if any(board[r][c] == player for r, c in line):
                return player
    return None


def is_draw(board):
    """Return True when the board is full and nobody has won."""
    full = all(cell != "." for row in board for cell in row)
    return full and winner(board) is None
