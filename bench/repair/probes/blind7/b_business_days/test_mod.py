from datetime import date

from mod import business_days_between, add_business_days


def test_full_work_week():
    # 2024-01-01 is a Monday
    assert business_days_between(date(2024, 1, 1), date(2024, 1, 5)) == 5


def test_span_over_weekend():
    assert business_days_between(date(2024, 1, 5), date(2024, 1, 8)) == 2


def test_holiday_excluded():
    holidays = {date(2024, 1, 1)}
    assert business_days_between(date(2024, 1, 1), date(2024, 1, 7), holidays) == 4


def test_end_before_start():
    assert business_days_between(date(2024, 1, 8), date(2024, 1, 1)) == 0


def test_add_business_days():
    assert add_business_days(date(2024, 1, 5), 1) == date(2024, 1, 8)
    assert add_business_days(date(2024, 1, 3), 0) == date(2024, 1, 3)
