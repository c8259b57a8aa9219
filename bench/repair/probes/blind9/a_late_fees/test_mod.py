from mod import late_fee, total_fees


def test_on_time_and_grace_period_are_free():
    assert late_fee(0) == 0.0
    assert late_fee(-4) == 0.0
    assert late_fee(2) == 0.0


def test_fee_per_day_after_grace():
    assert late_fee(3) == 0.25
    assert late_fee(10) == 2.00


def test_fee_is_capped():
    assert late_fee(365) == 10.00


def test_total_fees():
    returns = [("Dune", 5), ("Emma", 1), ("Ulysses", 100)]
    assert total_fees(returns) == 10.75
