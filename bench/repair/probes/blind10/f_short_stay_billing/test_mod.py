from mod import charge, daily_revenue, quarters


def test_quarters():
    assert quarters(15) == 1
    assert quarters(16) == 2
    assert quarters(60) == 4


def test_charge():
    assert charge(0) == 0.0
    assert charge(5) == 0.8
    assert charge(50) == 3.2


def test_daily_revenue():
    assert daily_revenue([(480, 510), (600, 605)]) == 2.4
