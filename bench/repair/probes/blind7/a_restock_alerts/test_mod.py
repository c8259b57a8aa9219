from mod import restock_alerts, reorder_quantity


def test_items_below_reorder_point():
    assert restock_alerts({"A": 2, "B": 10}, {"A": 5, "B": 5}) == ["A"]


def test_item_exactly_at_reorder_point_is_flagged():
    assert restock_alerts({"A": 5, "B": 6}, {}) == ["A"]


def test_default_point_used_for_unknown_sku():
    assert restock_alerts({"X": 3, "Y": 1}, {"Y": 0}) == ["X"]


def test_reorder_quantity():
    assert reorder_quantity(2, 5, 20) == 18
    assert reorder_quantity(9, 5, 20) == 0


def test_reorder_quantity_at_point():
    assert reorder_quantity(5, 5, 12) == 7
