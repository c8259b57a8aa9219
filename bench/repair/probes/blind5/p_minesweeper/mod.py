"""Minesweeper board helpers."""


def count_adjacent(grid, row, col):
    """Count '*' mines in the 8 cells around (row, col) of a list-of-strings grid."""
    count = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            r, c = row + dr, col + dc
            if grid[r][c] == "*":
                count += 1
    return count


def hint_row(grid, row):
    """Return the hint string for one row: '*' for mines, else the neighbour count."""
    cells = []
    for col, ch in enumerate(grid[row]):
        cells.append("*" if ch == "*" else str(count_adjacent(grid, row, col)))
    return "".join(cells)
