import pytest

from ride import average_speed, fastest_ride, ride_minutes


def test_whole_hours():
    assert average_speed(50, 120) == pytest.approx(25.0)


def test_partial_hours():
    assert average_speed(45, 90) == pytest.approx(30.0)
    assert average_speed(10, 30) == pytest.approx(20.0)


def test_ride_minutes():
    assert ride_minutes(30, 20) == pytest.approx(90.0)


def test_fastest_ride():
    assert fastest_ride([(40, 120), (32, 75), (20, 50)]) == 1
