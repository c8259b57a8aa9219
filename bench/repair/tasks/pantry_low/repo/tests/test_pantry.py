from pantry import low_items, restock


def test_low_items():
    assert low_items({"rice": 2, "pasta": 10, "beans": 1}, 3) == ["beans", "rice"]
    assert low_items({"oats": 5}, 5) == []


def test_restock():
    assert restock({"rice": 2}, {"rice": 5, "oats": 3}) == {"rice": 7, "oats": 3}
