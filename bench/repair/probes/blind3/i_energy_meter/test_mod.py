import pytest

from mod import energy_wh


def test_constant_load_one_hour():
    assert energy_wh([(0, 100), (3600, 100)]) == pytest.approx(100.0)


def test_ramp():
    assert energy_wh([(0, 0), (1800, 200), (3600, 200)]) == pytest.approx(150.0)


def test_single_sample_has_no_energy():
    assert energy_wh([(10, 500)]) == 0.0


def test_empty():
    assert energy_wh([]) == 0.0
