from mod import top_sellers


def test_single_sku():
    assert top_sellers([("MUG", 3)], 5) == ["MUG"]


def test_ranking():
    orders = [("HAT", 5), ("PEN", 1), ("MUG", 2), ("MUG", 4)]
    assert top_sellers(orders, 2) == ["MUG", "HAT"]


def test_ties_alphabetical():
    orders = [("ZIP", 2), ("BAG", 2), ("CAP", 1)]
    assert top_sellers(orders, 3) == ["BAG", "ZIP", "CAP"]
