from mod import cleared, income_total, expense_total, pending_count, savings_rate

MONTH = [
    {"desc": "salary", "amount": 2000},
    {"desc": "rent", "amount": -900},
    {"desc": "food", "amount": -300},
]


def test_cleared():
    assert cleared(MONTH) == MONTH
    assert cleared([{"desc": "x", "amount": None}]) == []


def test_income_total():
    assert income_total(MONTH) == 2000
    assert income_total([{"desc": "gift", "amount": 50}, {"desc": "sale", "amount": 25}]) == 75


def test_expense_total():
    assert expense_total(MONTH) == 1200
    assert expense_total([{"desc": "salary", "amount": 10}]) == 0


def test_pending_count():
    assert pending_count(MONTH + [{"desc": "card", "amount": None}]) == 1
    assert pending_count(MONTH) == 0


def test_savings_rate():
    assert savings_rate(MONTH) == 0.4
    assert savings_rate([]) == 0.0


def test_income_with_pending_transaction():
    # a pending card payment crashed the summary screen
    month = MONTH + [{"desc": "refund", "amount": None}]
    assert income_total(month) == 2000
    assert savings_rate(month) == 0.4
