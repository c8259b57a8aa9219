import pytest

from mod import hottest_room, to_celsius


def test_to_celsius():
    assert to_celsius(212, "F") == pytest.approx(100)
    assert to_celsius(21.5, "C") == 21.5


def test_all_celsius():
    readings = [("kitchen", 22.0, "C"), ("bedroom", 19.5, "C"), ("office", 24.1, "C")]
    assert hottest_room(readings) == "office"


def test_mixed_units():
    readings = [("kitchen", 23.0, "C"), ("porch", 68.0, "F")]
    assert hottest_room(readings) == "kitchen"


def test_fahrenheit_wins_when_actually_hotter():
    readings = [("attic", 95.0, "F"), ("basement", 16.0, "C")]
    assert hottest_room(readings) == "attic"


def test_empty():
    assert hottest_room([]) is None
