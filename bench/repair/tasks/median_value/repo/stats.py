"""Simple descriptive statistics."""


def mean(values):
    """Arithmetic mean of a non-empty list of numbers."""
    return sum(values) / len(values)


def median(values):
    """Median of a non-empty list of numbers."""
    ordered = sorted(values)
    n = len(ordered)
    if n % 2 == 1:
        return ordered[(n + 1) // 2]
    return (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def spread(values):
    """Difference between the largest and the smallest value."""
    return max(values) - min(values)
