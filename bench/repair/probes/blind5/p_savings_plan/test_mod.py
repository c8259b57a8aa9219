from mod import yearly_balances, years_to_goal


def test_no_interest():
    assert yearly_balances(1000, 0.0, 2, 100) == [1100.0, 1200.0]


def test_interest_without_deposit():
    assert yearly_balances(500, 0.1, 1) == [550.0]


def test_interest_then_deposit():
    assert yearly_balances(1000, 0.1, 2, 100) == [1200.0, 1420.0]


def test_years_to_goal():
    assert years_to_goal(1000, 0.1, 100, 1400) == 2
