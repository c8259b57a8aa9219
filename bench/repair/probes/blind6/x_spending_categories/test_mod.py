from mod import categorize, spending_by_category

RULES = [("tesco", "groceries"), ("shell", "fuel"), ("netflix", "subscriptions")]


def test_categorize():
    assert categorize("TESCO STORES 2231", RULES) == "groceries"


def test_unmatched():
    assert categorize("Corner cafe", RULES) == "other"


def test_spending_totals():
    tx = [("Tesco Metro", -12.5), ("Shell Garage", -40.0), ("TESCO", -7.25)]
    assert spending_by_category(tx, RULES) == {"groceries": 19.75, "fuel": 40.0}


def test_income_ignored():
    tx = [("Salary ACME Ltd", 2500.0), ("Netflix", -10.99)]
    assert spending_by_category(tx, RULES) == {"subscriptions": 10.99}
