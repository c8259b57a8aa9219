from statement import closing_balance, running_balances


def test_running_balances():
    assert running_balances(100, [50, -30, -200]) == [150, 120, -80]


def test_no_transactions():
    assert running_balances(40, []) == []


def test_closing_balance():
    assert closing_balance(100, [50, -30, -200]) == -80
