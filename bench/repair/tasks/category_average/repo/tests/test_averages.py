from averages import average_by_category, categories


def test_average_by_category():
    assert average_by_category([("food", 10), ("rent", 500), ("food", 20)]) == {"food": 15.0, "rent": 500.0}


def test_categories():
    assert categories([("b", 1), ("a", 2), ("b", 3)]) == ["b", "a"]
