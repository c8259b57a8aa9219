from mod import parking_fee, total_fees


def test_grace_period_is_free():
    assert parking_fee(0) == 0.0
    assert parking_fee(15) == 0.0


def test_started_hours_are_charged():
    assert parking_fee(16) == 2.50
    assert parking_fee(61) == 5.00


def test_exactly_one_hour():
    assert parking_fee(60) == 2.50
    assert parking_fee(120) == 5.00


def test_daily_cap():
    assert parking_fee(600) == 18.00


def test_total_fees():
    assert total_fees([10, 45, 60]) == 5.00
