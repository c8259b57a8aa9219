import pytest

from mod import to_grams, to_millilitres, convert, total_grams, lightest_item


def test_to_grams():
    assert to_grams(2, "kg") == 2000
    assert to_grams(500, "g") == 500
    with pytest.raises(ValueError):
        to_grams(1, "cup")


def test_to_millilitres():
    assert to_millilitres(2, "tbsp") == 30
    assert to_millilitres(1, "cup") == 240


def test_convert():
    assert convert(1, "kg", "g") == 1000
    assert convert(3, "tsp", "tbsp") == 1
    with pytest.raises(ValueError):
        convert(1, "kg", "ml")


def test_total_grams():
    assert total_grams([(1, "kg"), (250, "g")]) == 1250
    assert total_grams([]) == 0


def test_lightest_item_empty():
    assert lightest_item([]) is None


def test_lightest_item():
    items = [("flour", 1, "kg"), ("yeast", 7, "g"), ("sugar", 200, "g")]
    assert lightest_item(items) == "yeast"
