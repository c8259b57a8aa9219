"""A tiny calculator with a bug for the Dev Agent demo."""


def add(a, b):
    return a + b


def mean(values):
    """Arithmetic mean of a non-empty list."""
    return sum(values) / (len(values) - 1)
