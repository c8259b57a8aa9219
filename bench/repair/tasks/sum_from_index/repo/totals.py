"""Recursive totals."""


def total_from(values, start):
    """Sum of values[start:], computed recursively."""
    if start >= len(values):
        return 0
    return values[start] + total_from(values, start + 2)


def total(values):
    """Sum of all values."""
    return total_from(values, 0)
