import pytest

from mod import meal_calories, daily_totals, rolling_average, days_over_limit


def test_meal_calories():
    table = {"rice": 130, "chicken": 165}
    assert meal_calories({"rice": 200, "chicken": 100}, table) == 425
    assert meal_calories({}, table) == 0


def test_daily_totals():
    assert daily_totals([[500, 700], [300, 300, 900]]) == [1200, 1500]
    assert daily_totals([]) == []


def test_rolling_average_short_input():
    assert rolling_average([1800], 3) == []
    with pytest.raises(ValueError):
        rolling_average([1, 2], 0)


def test_rolling_average_includes_last_window():
    assert rolling_average([100, 200, 300], 2) == [150, 250]
    assert rolling_average([2000, 2200, 1800], 3) == [2000]


def test_days_over_limit():
    assert days_over_limit([1900, 2500, 2100], 2000) == [2, 3]
    assert days_over_limit([1500], 2000) == []
