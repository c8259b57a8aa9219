import pytest

from mod import taper, total_taper_dose


def test_even_taper():
    assert taper(40, 10) == [40, 30, 20, 10]


def test_uneven_taper():
    assert taper(25, 10) == [25, 15, 5]


def test_total():
    assert total_taper_dose(40, 10) == 100


def test_step_must_be_positive():
    with pytest.raises(ValueError):
        total_taper_dose(40, 0)
