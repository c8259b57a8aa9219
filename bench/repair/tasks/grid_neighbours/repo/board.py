"""Neighbouring cells on a rectangular board."""

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def neighbours(rows, cols, row, col):
    """The orthogonal neighbours of (row, col) that lie on a rows x cols board, sorted."""
    found = []
    for dr, dc in STEPS:
        r, c = row + dr, col + dc
        if r < rows and 0 <= c < cols:
            found.append((r, c))
    return sorted(found)


def cell_count(rows, cols):
    """How many cells the board has."""
    return rows * cols
