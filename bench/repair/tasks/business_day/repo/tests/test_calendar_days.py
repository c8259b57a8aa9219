from calendar_days import business_days, is_business_day


def test_weekend_is_not_a_business_day():
    assert not is_business_day(6, False)


def test_weekday():
    assert is_business_day(2, False)


def test_count():
    assert business_days([(0, False), (1, True)]) >= 1
