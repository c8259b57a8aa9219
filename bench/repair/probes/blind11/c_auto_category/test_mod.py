from mod import categorise, categorise_all, totals_by_category, uncategorised

RULES = [("tesco", "Groceries"), ("uber", "Transport"), ("netflix", "Fun")]


def test_categorise():
    assert categorise("TESCO STORES 2231", RULES) == "Groceries"
    assert categorise("Corner shop", RULES) == "Other"


def test_categorise_all():
    tx = [("Tesco Metro", -12.5), ("Salary", 2000)]
    assert categorise_all(tx, RULES) == [("Tesco Metro", -12.5, "Groceries"), ("Salary", 2000, "Other")]


def test_totals_by_category():
    tx = [("Tesco", -10), ("tesco express", -5), ("Salary", 100)]
    assert totals_by_category(tx, RULES) == {"Groceries": -15, "Other": 100}


def test_uncategorised():
    tx = [("Tesco", -10), ("Salary", 100), ("Gym", -30)]
    assert uncategorised(tx, RULES) == ["Salary", "Gym"]


def test_later_rules_are_used():
    # Uber and Netflix payments all ended up in Other
    assert categorise("UBER *TRIP", RULES) == "Transport"
    assert categorise("Netflix.com", RULES) == "Fun"
