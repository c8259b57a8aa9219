from orders import items_ordered, largest_order


def test_items_ordered():
    assert items_ordered([{"id": 1, "items": ["a", "b"]}, {"id": 2, "items": ["c"]}]) == 3


def test_largest_order():
    assert largest_order([{"id": 1, "items": ["a"]}, {"id": 2, "items": ["b", "c"]}]) == 2
