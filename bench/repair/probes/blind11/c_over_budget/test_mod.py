from mod import spent_by_category, remaining, over_budget, month_report

BUDGET = {"food": 300, "fun": 100, "travel": 80}


def test_spent_by_category():
    tx = [("food", 50), ("fun", 20), ("food", 30)]
    assert spent_by_category(tx) == {"food": 80, "fun": 20}
    assert spent_by_category([]) == {}


def test_remaining():
    assert remaining(BUDGET, {"food": 120, "fun": 130}) == {"food": 180, "fun": -30, "travel": 80}


def test_over_budget():
    assert over_budget(BUDGET, {"food": 350, "fun": 20}) == ["food"]
    assert over_budget(BUDGET, {"food": 10}) == []


def test_month_report():
    tx = [("food", 200), ("fun", 150), ("travel", 20)]
    assert month_report(BUDGET, tx) == (370, ["fun"])


def test_spending_exactly_the_budget_is_not_over():
    # spent exactly 100 on fun and got a red warning
    assert over_budget(BUDGET, {"fun": 100, "food": 50}) == []
