from mod import nightly_rate, stay_price


def test_weekday_nights():
    assert nightly_rate(0) == 90
    assert nightly_rate(3) == 90
    assert nightly_rate(6) == 90


def test_weekend_nights():
    assert nightly_rate(4) == 120
    assert nightly_rate(5) == 120


def test_week_long_stay():
    assert stay_price(0, 7) == 5 * 90 + 2 * 120


def test_stay_wrapping_into_next_week():
    assert stay_price(5, 3) == 120 + 90 + 90
