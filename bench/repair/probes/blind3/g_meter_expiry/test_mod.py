from datetime import datetime

from mod import meter_expiry

NOW = datetime(2024, 7, 1, 10, 0)


def test_single_coin():
    assert meter_expiry(NOW, [100]) == datetime(2024, 7, 1, 10, 30)


def test_mixed_coins():
    assert meter_expiry(NOW, [50, 20, 20]) == datetime(2024, 7, 1, 10, 27)


def test_unrecognised_coin_buys_nothing():
    assert meter_expiry(NOW, [5, 10]) == NOW


def test_exactly_maximum_stay():
    assert meter_expiry(NOW, [200, 200]) == datetime(2024, 7, 1, 12, 0)


def test_capped_at_maximum_stay():
    assert meter_expiry(NOW, [200, 200, 100]) == datetime(2024, 7, 1, 12, 0)
