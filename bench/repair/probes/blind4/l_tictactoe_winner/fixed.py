"""Tic-tac-toe board evaluation."""


def winner(board):
    """Return 'X' or 'O' if that player has three in a row on a 3x3 board of strings, else None.

    Empty squares are written as '.'.
    """
    lines = [list(row) for row in board]
    lines.extend([board[r][c] for r in range(3)] for c in range(3))
    lines.append([board[i][i] for i in range(3)])
    lines.append([board[i][2 - i] for i in range(3)])
    for line in lines:
        if line[0] != "." and line.count(line[0]) == 3:
            return line[0]
    return None
