"""Helpers for numeric time series (daily sales, sensor readings)."""


def cumulative_sum(values):
    """Running totals: [1, 2, 3] -> [1, 3, 6]."""
    totals = []
    running = 0
    for value in values:
        running += value
        totals.append(running)
    return totals


def moving_average(values, window):
    """Mean of every run of `window` consecutive values, in order."""
    if window <= 0:
        raise ValueError("window must be positive")
    if window > len(values):
        return []
    averages = []
    for i in range(len(values) - window):
        chunk = values[i:i + window]
        averages.append(sum(chunk) / window)
    return averages


def normalize(values):
    """Scale values linearly into [0, 1]; a constant series maps to zeros."""
    if not values:
        return []
    low, high = min(values), max(values)
    if low == high:
        return [0.0 for _ in values]
    return [(value - low) / (high - low) for value in values]


def peaks(values):
    """Indexes of values strictly greater than both neighbours."""
    return [
        i
        for i in range(1, len(values) - 1)
        if values[i] > values[i - 1] and values[i] > values[i + 1]
    ]
