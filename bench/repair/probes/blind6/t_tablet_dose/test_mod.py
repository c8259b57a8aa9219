import pytest

from mod import daily_dose, tablets_per_dose


def test_daily_dose_by_weight():
    assert daily_dose(20, 15, 1000) == 300


def test_daily_dose_capped():
    assert daily_dose(90, 15, 1000) == 1000


def test_invalid_weight():
    with pytest.raises(ValueError):
        daily_dose(0, 15, 1000)


def test_whole_tablets():
    assert tablets_per_dose(1000, 500, 2) == 1


def test_rounds_up_to_half_tablet():
    assert tablets_per_dose(700, 250, 2) == 1.5
