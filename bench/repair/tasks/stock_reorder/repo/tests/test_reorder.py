from reorder import items_to_reorder, needs_reorder


def test_stock_at_reorder_point():
    assert items_to_reorder({"bolts": (10, 10), "nuts": (50, 20), "pins": (3, 5)}) == ["bolts", "pins"]


def test_low_stock():
    assert needs_reorder(2, 5)


def test_plenty_of_stock():
    assert not needs_reorder(40, 5)
