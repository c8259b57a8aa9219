"""Sums over integer ranges."""


def total_between(low, high):
    """Sum of the integers from low to high, both included."""
    return sum(range(low, high))


def evens_between(low, high):
    """The even integers from low to high, both included."""
    return [n for n in range(low, high + 1) if n % 2 == 0]
