import pytest

from mod import scale_quantity, scale_recipe, round_to_step, format_quantity, scaled_lines


def test_scale_quantity():
    assert scale_quantity(200, 4, 8) == 400
    assert scale_quantity(3, 6, 2) == 1
    assert scale_quantity(1.5, 2, 2) == 1.5


def test_scale_quantity_bad_servings():
    with pytest.raises(ValueError):
        scale_quantity(100, 0, 4)


def test_round_to_step():
    assert round_to_step(1.3, 0.25) == 1.25
    assert round_to_step(2.9, 0.5) == 3.0
    assert round_to_step(1.3, 0) == 1.3


def test_format_quantity():
    assert format_quantity(2.0) == "2"
    assert format_quantity(1.25) == "1.25"
    assert format_quantity(0.333333) == "0.33"


def test_scale_recipe_same_servings():
    assert scale_recipe({"flour": 200, "sugar": 50}, 4, 4) == {"flour": 200, "sugar": 50}


def test_scale_recipe_doubles_for_twice_the_servings():
    assert scale_recipe({"flour": 200, "eggs": 2}, 4, 8) == {"flour": 400, "eggs": 4}


def test_scaled_lines():
    assert scaled_lines({"milk": 1, "butter": 0.5}, 2, 2) == ["0.5 butter", "1 milk"]
