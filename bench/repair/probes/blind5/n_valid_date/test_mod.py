from mod import is_valid_date


def test_april_has_30_days():
    assert is_valid_date(2023, 4, 31) == False


def test_leap_day_2024():
    assert is_valid_date(2024, 2, 29) == True


def test_1900_not_leap():
    assert is_valid_date(1900, 2, 29) == False


def test_2000_is_leap():
    assert is_valid_date(2000, 2, 29) == True


def test_bad_month():
    assert is_valid_date(2023, 13, 1) == False
