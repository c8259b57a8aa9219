"""Temperature unit conversions."""


def celsius_to_fahrenheit(celsius):
    """Degrees Fahrenheit for degrees Celsius."""
    return celsius * 9 / 5 - 32


def fahrenheit_to_celsius(fahrenheit):
    """Degrees Celsius for degrees Fahrenheit."""
    return (fahrenheit - 32) * 5 / 9


def kelvin_to_celsius(kelvin):
    """Degrees Celsius for a temperature in kelvin."""
    return kelvin - 273.15
