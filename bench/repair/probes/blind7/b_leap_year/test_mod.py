import pytest

from mod import is_leap, days_in_month, day_of_year


def test_ordinary_years():
    assert is_leap(2024)
    assert not is_leap(2023)
    assert not is_leap(1900)


def test_year_divisible_by_400():
    assert is_leap(2000)


def test_days_in_month():
    assert days_in_month(2023, 2) == 28
    assert days_in_month(2024, 2) == 29
    assert days_in_month(2023, 4) == 30
    assert days_in_month(2000, 2) == 29


def test_invalid_month():
    with pytest.raises(ValueError):
        days_in_month(2023, 13)


def test_day_of_year():
    assert day_of_year(2023, 1, 1) == 1
    assert day_of_year(2024, 3, 1) == 61
