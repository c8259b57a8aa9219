"""Reading grid cells."""


def cell_or(grid, row, col, default):
    """grid[row][col] when that cell exists, default otherwise (no wrap-around)."""
    if 0 <= col < len(grid[row]):
        return grid[row][col]
    return default


def column_of(grid, col):
    """The col-th value of every row that has one."""
    return [row[col] for row in grid if col < len(row)]
