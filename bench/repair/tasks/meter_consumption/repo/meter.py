"""Electricity meter readings."""


def parse_reading(line):
    """('2024-01-31', 10452) from a line like '2024-01-31, 10452'."""
    date, value = line.split(",")
    return date.strip(), int(value)


def consumption(readings):
    """kWh used up to each reading since the one before it, in date order.

    readings is a list of (iso_date, meter_value) pairs in any order; the result holds
    (iso_date, kwh) for every reading but the earliest.
    """
    ordered = readings
    return [(later[0], later[1] - earlier[1]) for earlier, later in zip(ordered, ordered[1:])]


def total_usage(readings):
    """kWh used from the earliest to the latest reading (0 with fewer than two readings)."""
    return sum(kwh for _, kwh in consumption(readings))
