from mod import most_expensive_month, spending_by_month


TRANSACTIONS = [(1, 120.0), (1, 30.0), (3, 75.5), (12, 400.0), (6, 20.0)]


def test_totals_per_month():
    totals = spending_by_month(TRANSACTIONS)
    assert len(totals) == 12
    assert totals[0] == 150.0
    assert totals[2] == 75.5
    assert totals[11] == 400.0
    assert totals[1] == 0.0


def test_no_transactions():
    assert spending_by_month([]) == [0.0] * 12


def test_most_expensive_month():
    assert most_expensive_month(TRANSACTIONS) == "Dec"
    assert most_expensive_month([(2, 10.0), (5, 99.0)]) == "May"
