import pytest

from mod import battery_percent


def test_half_charge():
    assert battery_percent(3.75) == pytest.approx(50.0)


def test_empty_and_full():
    assert battery_percent(3.3) == 0.0
    assert battery_percent(4.2) == 100.0


def test_below_empty_clamps_to_zero():
    assert battery_percent(3.0) == 0.0


def test_overcharged_clamps_to_hundred():
    assert battery_percent(4.35) == 100.0


def test_custom_range():
    assert battery_percent(1.35, empty=1.0, full=1.5) == pytest.approx(70.0)
