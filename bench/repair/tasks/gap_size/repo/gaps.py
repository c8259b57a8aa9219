"""Distances on a number line."""


def gap(a, b):
    """Distance between a and b (never negative)."""
    return a - b


def closest(values, target):
    """The value nearest to target (the first on ties)."""
    return min(values, key=lambda v: gap(v, target))
