"""Temperature conversions for a weather station log."""


def f_to_c(fahrenheit):
    """Convert Fahrenheit to Celsius, rounded to one decimal."""
    return round((fahrenheit - 32) * 5 / 9, 1)


def daily_range_c(readings_f):
    """Return (min, max) of a day's Fahrenheit readings in Celsius."""
    celsius = [f_to_c(f) for f in readings_f]
    return min(celsius), max(celsius)
