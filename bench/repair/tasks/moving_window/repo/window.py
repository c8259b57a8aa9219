"""Sums over a sliding window."""


def window_sums(values, size):
    """Sum of each run of size consecutive values."""
    sums = []
    total = 0
    for i, value in enumerate(values):
        total += value
        if i >= size - 1:
            sums.append(total)
        if i >= size:
            total -= values[i - size]
    return sums


def window_count(length, size):
    """How many windows of size fit in a list of length."""
    return max(0, length - size + 1)
