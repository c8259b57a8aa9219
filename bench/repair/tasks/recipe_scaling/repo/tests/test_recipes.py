from recipes import scale_recipe, shopping_list


def test_double_recipe():
    assert scale_recipe({"flour": 200, "eggs": 2}, 2, 4) == {"flour": 400, "eggs": 4}


def test_same_servings():
    assert scale_recipe({"milk": 1}, 3, 3) == {"milk": 1}


def test_shopping_list():
    assert shopping_list({"b": 1, "a": 2}) == ["a: 2", "b: 1"]
