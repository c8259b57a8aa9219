"""Daily highs and lows from (day, temperature) log entries."""


def group_by_day(entries):
    """Mapping day -> list of temperatures, days in order of appearance."""
    days = {}
    for day, temp in entries:
        days.setdefault(day, []).append(temp)
    return days


def daily_high(temps):
    highest = 0
    for t in temps:
        if t > highest:
            highest = t
    return highest


def daily_low(temps):
    lowest = float("inf")
    for t in temps:
        if t < lowest:
            lowest = t
    return lowest


def daily_summary(entries):
    """Mapping day -> (low, high)."""
    return {day: (daily_low(temps), daily_high(temps))
            for day, temps in group_by_day(entries).items()}
