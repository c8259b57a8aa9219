from points import balance, can_redeem, points_for_purchase


def test_points_for_purchase():
    assert points_for_purchase(42.5) == 42
    assert points_for_purchase(100) == 120


def test_empty_account():
    assert balance([]) == 0


def test_balance_after_purchases_and_redeem():
    assert balance([("purchase", 30), ("purchase", 150), ("redeem", 50)]) == 150


def test_can_redeem():
    assert can_redeem([("purchase", 60)], 50) is True
    assert can_redeem([("purchase", 60), ("redeem", 20)], 50) is False
