from mod import days_in_month, is_leap


def test_thirty_one_day_months():
    for month in (1, 3, 5, 7, 8, 10, 12):
        assert days_in_month(2023, month) == 31


def test_thirty_day_months():
    for month in (4, 6, 9, 11):
        assert days_in_month(2023, month) == 30


def test_february_ordinary_and_leap():
    assert days_in_month(2023, 2) == 28
    assert days_in_month(2024, 2) == 29


def test_century_is_not_leap():
    assert not is_leap(1900)
    assert days_in_month(2100, 2) == 28


def test_four_hundred_year_rule():
    assert is_leap(2000)
    assert days_in_month(2000, 2) == 29
