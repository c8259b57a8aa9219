from mod import parking_fee


def test_one_started_hour():
    assert parking_fee(40) == 2.50


def test_partial_hours_round_up():
    assert parking_fee(61) == 5.00
    assert parking_fee(150) == 7.50


def test_exact_hours():
    assert parking_fee(180) == 7.50


def test_daily_cap():
    assert parking_fee(12 * 60) == 20.00


def test_grace_period_is_free():
    assert parking_fee(0) == 0.0
    assert parking_fee(10) == 0.0
    assert parking_fee(15) == 0.0
