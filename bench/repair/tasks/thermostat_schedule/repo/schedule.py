"""Thermostat heating schedules."""


def setpoint_at(schedule, hour, default):
    """Target temperature at hour (0-23).

    schedule is a list of (start, end, temperature) periods, earliest first, with start
    inclusive and end exclusive; outside every period the thermostat holds default.
    """
    for start, end, temperature in schedule:
        if start <= hour:
            return temperature
    return default


def daily_profile(schedule, default):
    """The target temperature for each of the 24 hours of the day."""
    return [setpoint_at(schedule, hour, default) for hour in range(24)]


def heating_hours(schedule):
    """Hours of the day covered by the periods of schedule."""
    return sum(end - start for start, end, _ in schedule)
