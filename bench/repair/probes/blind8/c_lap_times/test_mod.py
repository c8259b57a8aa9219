import pytest

from mod import lap_consistency, fastest_lap


def test_identical_laps_are_perfectly_consistent():
    assert lap_consistency([90, 90, 90]) == 0.0


def test_consistency_of_varied_laps():
    assert lap_consistency([60, 70, 80]) == pytest.approx(20 / 3)


def test_single_lap():
    assert lap_consistency([75]) == 0.0


def test_fastest_lap():
    assert fastest_lap([92, 88, 90, 88]) == (2, 88)
