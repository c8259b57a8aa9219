"""Consumption from a series of periodic cumulative meter readings."""


def interval_usage(readings):
    """Usage between neighbouring readings; None where either reading is missing.

    readings is a list of cumulative readings (numbers, or None where the read failed).
    The result has one entry per pair of neighbours, so it is one shorter than readings.
    """
    usage = []
    for prev, cur in zip(readings, readings[1:]):
        if prev is not None:
            usage.append(cur - prev)
        else:
            usage.append(None)
    return usage


def known_total(readings):
    """Total usage over the intervals whose two readings are both known."""
    return sum(u for u in interval_usage(readings) if u is not None)


def missing_runs(readings):
    """(start index, length) of every run of consecutive missing readings."""
    runs = []
    start = None
    for i, value in enumerate(readings + [0]):
        if value is None and start is None:
            start = i
        elif value is not None and start is not None:
            runs.append((start, i - start))
            start = None
    return runs
