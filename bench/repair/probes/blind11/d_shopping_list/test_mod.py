from mod import merge_lists, missing_items, unit_price, cheapest_offer


def test_merge_lists():
    assert merge_lists({"egg": 2}, {"egg": 4, "milk": 1}) == {"egg": 6, "milk": 1}
    assert merge_lists() == {}


def test_missing_items():
    assert missing_items({"egg": 6, "milk": 1}, {"egg": 2, "milk": 3}) == {"egg": 4}
    assert missing_items({"salt": 1}, {}) == {"salt": 1}


def test_unit_price():
    assert unit_price(3.0, 6) == 0.5
    assert unit_price(10, 4) == 2.5


def test_cheapest_offer():
    assert cheapest_offer([("A", 3.0, 6), ("B", 2.0, 5)]) == "B"
    assert cheapest_offer([]) is None


def test_cheapest_offer_with_sold_out_store():
    assert cheapest_offer([("A", 3.0, 6), ("B", 0.0, 0)]) == "A"
