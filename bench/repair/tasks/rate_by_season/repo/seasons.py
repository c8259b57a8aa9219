"""Seasonal room rates."""


def season_rate(day, seasons, default_rate):
    """The nightly rate on day (day of the year, 1 to 366).

    seasons is a list of (first_day, last_day, rate) with both ends included; the first
    season containing day wins, and days outside every season cost default_rate.
    """
    i = 0
    while i < len(seasons):
        first, last, rate = seasons[i]
        if first <= day:
            return rate
        i += 1
    return default_rate


def stay_cost(check_in, nights, seasons, default_rate):
    """Price of nights nights from day check_in on, each night at the rate of its own day."""
    return sum(season_rate(day, seasons, default_rate) for day in range(check_in, check_in + nights))


def peak_rate(seasons, default_rate):
    """The highest nightly rate of the year."""
    return max([default_rate] + [rate for _, _, rate in seasons])
