"""Distinct values."""


def distinct_sorted(values):
    """The distinct values, ascending."""
    return sorted(values)


def most_common(values):
    """The most frequent value (the smallest on ties)."""
    return min(set(values), key=lambda v: (-values.count(v), v))
