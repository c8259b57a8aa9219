from mod import item_at, items_at


def test_valid_position():
    assert item_at(["A1", "B2", "C3"], 1) == "B2"


def test_past_end():
    assert item_at(["A1", "B2"], 5) is None


def test_negative_position_is_out_of_range():
    assert item_at(["A1", "B2", "C3"], -1) is None


def test_items_at():
    assert items_at(["A1", "B2"], [0, 2, -2]) == ["A1", None, None]
