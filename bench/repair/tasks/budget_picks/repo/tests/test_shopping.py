from shopping import affordable, leftover


def test_budget_runs_out():
    assert affordable([("tea", 4), ("cake", 5), ("jam", 3)], 9) == ["tea", "cake"]


def test_expensive_item_is_skipped():
    assert affordable([("tea", 4), ("pie", 20), ("jam", 3)], 10) == ["tea", "jam"]
    assert affordable([], 10) == []


def test_leftover():
    assert leftover([("tea", 4), ("jam", 3)], 10) == 3
