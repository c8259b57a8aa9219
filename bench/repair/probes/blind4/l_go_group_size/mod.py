"""Go board analysis."""

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def group_size(board, row, col, color=None, seen=None):
    """Return how many stones are in the connected group containing (row, col).

    `board` is a list of strings of 'B', 'W' and '.'; only orthogonal neighbours connect.
    """
    if color is None:
        color = board[row][col]
    if seen is None:
        seen = set()
    if (row, col) in seen or board[row][col] != color:
        return 0
    seen.add((row, col))
    return 1 + sum(group_size(board, row + dr, col + dc, color, seen) for dr, dc in NEIGHBOURS)
