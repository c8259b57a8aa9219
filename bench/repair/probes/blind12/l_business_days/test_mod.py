from datetime import date

from mod import is_business_day, add_business_days, business_days_between, due_date


def test_is_business_day():
    assert is_business_day(date(2024, 5, 6)) is True        # Monday
    assert is_business_day(date(2024, 5, 11)) is False      # Saturday
    assert is_business_day(date(2024, 5, 6), holidays={date(2024, 5, 6)}) is False


def test_add_business_days():
    assert add_business_days(date(2024, 5, 6), 0) == date(2024, 5, 6)
    assert add_business_days(date(2024, 5, 6), 3) == date(2024, 5, 9)


def test_business_days_between():
    assert business_days_between(date(2024, 5, 6), date(2024, 5, 13)) == 5
    assert business_days_between(date(2024, 5, 6), date(2024, 5, 6)) == 0


def test_due_date():
    assert due_date(date(2024, 5, 7), 2) == date(2024, 5, 9)


def test_due_date_over_a_weekend():
    # reported: tickets opened on Thursday come out due on a Saturday
    assert due_date(date(2024, 5, 9), 2) == date(2024, 5, 13)
    assert add_business_days(date(2024, 5, 10), 1) == date(2024, 5, 13)
