from mod import reorder_report


def test_nothing_short():
    assert reorder_report({"MUG": 10, "HAT": 12}, 5) == ([], 0)


def test_some_short():
    stock = {"MUG": 2, "HAT": 12, "PEN": 0}
    assert reorder_report(stock, 5) == (["MUG", "PEN"], 8)


def test_exactly_minimum_not_short():
    assert reorder_report({"CAP": 5, "BAG": 4}, 5) == (["BAG"], 1)
