from latefees import days_late, fees_for_accounts, late_fee


def test_no_fee_within_grace_period():
    assert late_fee(10000, 0) == 0
    assert late_fee(10000, 5) == 0


def test_percentage_fee():
    assert late_fee(40000, 6) == 600
    assert late_fee(25050, 30, rate_percent=2) == 501


def test_minimum_fee():
    assert late_fee(5000, 30) == 200
    assert late_fee(1, 9, minimum_cents=150) == 150


def test_no_fee_without_amount_owed():
    assert late_fee(0, 40) == 0
    assert late_fee(-5000, 10) == 0


def test_days_late():
    assert days_late(100, 112) == 12
    assert days_late(100, 95) == 0


def test_fees_for_accounts():
    accounts = {"A-1": (40000, 10, 20), "B-2": (40000, 10, 12), "C-3": (-1200, 10, 60)}
    assert fees_for_accounts(accounts) == {"A-1": 600, "B-2": 0, "C-3": 0}
