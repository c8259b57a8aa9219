from datetime import date

import pytest

from calendar_utils import days_between_inclusive, is_weekend, month_end, parse_iso, working_days


def test_single_day_counts_once():
    assert days_between_inclusive(date(2024, 3, 1), date(2024, 3, 1)) == 1


def test_full_week_of_working_days():
    assert working_days(date(2024, 3, 4), date(2024, 3, 8)) == 5


def test_end_before_start_rejected():
    with pytest.raises(ValueError):
        days_between_inclusive(date(2024, 3, 2), date(2024, 3, 1))


def test_is_weekend():
    assert is_weekend(date(2024, 3, 9))
    assert not is_weekend(date(2024, 3, 8))


def test_month_end_and_parse():
    assert month_end(date(2024, 2, 10)) == date(2024, 2, 29)
    assert month_end(date(2023, 12, 31)) == date(2023, 12, 31)
    assert parse_iso(" 2024-01-05 ") == date(2024, 1, 5)
