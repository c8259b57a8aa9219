from mod import monthly_cost, monthly_price, cancelled_savings


SUBS = [
    {"name": "streaming", "price": 12.99, "period": "monthly", "active": True},
    {"name": "cloud", "price": 24.00, "period": "yearly", "active": True},
    {"name": "gym", "price": 35.00, "period": "monthly", "active": False},
]


def test_monthly_price():
    assert monthly_price(SUBS[0]) == 12.99
    assert monthly_price(SUBS[1]) == 2.00


def test_monthly_cost_counts_active_only():
    assert monthly_cost(SUBS) == 14.99


def test_cancelled_savings():
    assert cancelled_savings(SUBS) == 35.00


def test_no_subscriptions():
    assert monthly_cost([]) == 0
