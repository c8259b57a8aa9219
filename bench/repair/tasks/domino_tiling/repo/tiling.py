"""Counting the ways to tile a 2 x n strip with 2 x 1 dominoes."""


def tiling_ways(n):
    """Number of domino tilings of a 2 x n strip (the empty strip has one)."""
    previous, current = 1, 1
    for _ in range(n - 1):
        total = previous + current
        current = total
        previous = current
    return current


def tiling_table(limit):
    """[tiling_ways(0), tiling_ways(1), ..., tiling_ways(limit)]."""
    return [tiling_ways(n) for n in range(limit + 1)]
