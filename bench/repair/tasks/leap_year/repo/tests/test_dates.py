from dates import days_in_month, days_in_year, is_leap_year


def test_common_years():
    assert is_leap_year(2023) is False
    assert days_in_month(2023, 2) == 28
    assert days_in_month(2023, 4) == 30
    assert days_in_month(2023, 12) == 31


def test_leap_years():
    assert is_leap_year(2024) is True
    assert is_leap_year(2000) is True
    assert days_in_month(2024, 2) == 29
    assert days_in_year(1996) == 366


def test_century_years():
    assert is_leap_year(1900) is False
    assert days_in_year(2100) == 365
