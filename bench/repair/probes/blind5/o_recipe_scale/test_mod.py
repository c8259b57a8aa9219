from mod import scale_recipe, total_amount


def test_halve_recipe():
    assert scale_recipe({"flour": 200, "sugar": 50}, 4, 2) == {"flour": 100.0, "sugar": 25.0}


def test_third_is_rounded():
    assert scale_recipe({"flour": 100}, 3, 1) == {"flour": 33.33}


def test_triple_small_amount():
    assert scale_recipe({"milk": 0.1}, 1, 3) == {"milk": 0.3}


def test_total_amount():
    assert total_amount({"a": 1.5, "b": 2.25}) == 3.75
