"""Smoothing of hourly temperature series."""


def moving_average(values, window):
    """Averages of every full window of `window` consecutive values."""
    if window <= 0:
        raise ValueError("window must be positive")
    result = []
    for i in range(len(values) - window):
        chunk = values[i:i + window]
        result.append(sum(chunk) / window)
    return result


def smoothed_peak(values, window=3):
    """Highest smoothed value, or None if the series is shorter than the window."""
    averages = moving_average(values, window)
    return max(averages) if averages else None


def rising(values, window=3):
    """True if the smoothed series never goes down."""
    averages = moving_average(values, window)
    return all(a <= b for a, b in zip(averages, averages[1:]))
