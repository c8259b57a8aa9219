from datetime import date

from mod import add_working_days


def test_zero_days():
    assert add_working_days(date(2024, 4, 10), 0) == date(2024, 4, 10)


def test_within_week():
    assert add_working_days(date(2024, 4, 8), 3) == date(2024, 4, 11)


def test_skips_weekend():
    assert add_working_days(date(2024, 4, 12), 1) == date(2024, 4, 15)


def test_skips_holidays():
    holidays = {date(2024, 12, 25), date(2024, 12, 26)}
    assert add_working_days(date(2024, 12, 24), 2, holidays) == date(2024, 12, 30)
