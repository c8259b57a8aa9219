import pytest

from mod import bmi, bmi_category, weight_change


def test_bmi():
    assert bmi(70, 1.75) == 22.9
    assert bmi(90, 1.80) == 27.8


def test_bmi_invalid_height():
    with pytest.raises(ValueError):
        bmi(70, 0)


def test_bmi_category():
    assert bmi_category(17.0) == "underweight"
    assert bmi_category(22.9) == "normal"
    assert bmi_category(31.2) == "obese"


def test_weight_change():
    assert weight_change([82.0, 81.4, 80.1]) == -1.9
    assert weight_change([75.0]) == 0.0
