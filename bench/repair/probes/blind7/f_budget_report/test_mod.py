from mod import spending_by_category, over_budget, largest_category, remaining

TX = [("food", 4500), ("rent", 120000), ("food", 3000), ("fun", 2500), ("fun", -500)]


def test_spending_by_category():
    assert spending_by_category(TX) == {"food": 7500, "rent": 120000, "fun": 2000}


def test_over_budget():
    assert over_budget(TX, {"food": 7000, "rent": 120000}) == {"food": 500, "fun": 2000}


def test_largest_category():
    assert largest_category(TX) == "rent"


def test_largest_category_empty():
    assert largest_category([]) is None


def test_remaining():
    assert remaining(TX, {"food": 10000, "rent": 125000}) == 7500
