from temperature import celsius_to_fahrenheit, fahrenheit_to_celsius, kelvin_to_celsius


def test_boiling_point_in_fahrenheit():
    assert celsius_to_fahrenheit(100) == 212


def test_body_temperature_in_celsius():
    assert fahrenheit_to_celsius(98.6) == 37.0


def test_kelvin():
    assert kelvin_to_celsius(273.15) == 0.0
