from mod import running_balance, lowest_balance, net_change, days_overdrawn


def test_running_balance():
    assert running_balance(100, [-30, 50, -20]) == [70, 120, 100]
    assert running_balance(0, []) == []


def test_lowest_balance():
    assert lowest_balance(100, [-150, 80]) == -50
    assert lowest_balance(20, [-50, -10, 100]) == -40


def test_net_change():
    assert net_change([-30, 50, -20]) == 0
    assert net_change([10, 15]) == 25


def test_days_overdrawn():
    assert days_overdrawn(10, [-20, -5, 40]) == 2
    assert days_overdrawn(100, [-20]) == 0


def test_lowest_balance_never_overdrawn():
    # healthy month: balance never went near zero
    assert lowest_balance(500, [-100, 50, -20]) == 400
    assert lowest_balance(300, []) == 300
