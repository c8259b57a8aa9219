"""A thermostat with a dead band around the target temperature."""


def heater_cycles(temps, target, band):
    """How many times the heater switches on over the readings in temps.

    The heater starts off, switches on when the temperature drops below target - band and
    switches off again when it rises above target + band.
    """
    on = False
    cycles = 0
    for temp in temps:
        if not on and temp < target - band:
            cycles += 1
        elif on and temp > target + band:
            on = False
    return cycles


def minutes_below(temps, limit, interval=10):
    """Minutes spent below limit, with one reading every interval minutes."""
    return sum(interval for temp in temps if temp < limit)
