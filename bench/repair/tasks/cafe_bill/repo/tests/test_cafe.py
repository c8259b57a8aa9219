from cafe import bill_total, item_count

MENU = {"espresso": 250, "latte": 320, "croissant": 210}


def test_bill_total():
    assert bill_total({"latte": 2, "croissant": 1, "muffin": 3}, MENU) == 850


def test_empty_order():
    assert bill_total({}, MENU) == 0


def test_item_count():
    assert item_count({"latte": 2, "croissant": 1}) == 3
