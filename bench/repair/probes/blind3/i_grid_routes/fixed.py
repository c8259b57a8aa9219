from functools import lru_cache


def count_routes(grid):
    """Count right/down robot routes from top-left to bottom-right avoiding '#' cells."""
    rows, cols = len(grid), len(grid[0])

    @lru_cache(maxsize=None)
    def walk(r, c):
        if r >= rows or c >= cols or grid[r][c] == "#": return 0
        if r == rows - 1 and c == cols - 1: return 1
        return walk(r + 1, c) + walk(r, c + 1)

    return walk(0, 0)
