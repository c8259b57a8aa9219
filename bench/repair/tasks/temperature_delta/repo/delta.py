"""Day-to-day temperature differences."""


def warming(yesterday, today):
    """How much warmer today is; negative when it got colder."""
    return max(0, round(today - yesterday, 1))


def warmest_day(temperatures):
    """Index of the warmest day."""
    return temperatures.index(max(temperatures))
