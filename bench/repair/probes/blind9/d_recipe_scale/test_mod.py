import pytest

from mod import scale, scale_to_pan


PANCAKES = {"flour g": 200, "milk ml": 300, "eggs": 2}


def test_same_servings_unchanged():
    assert scale(PANCAKES, 4, 4) == PANCAKES


def test_double_recipe():
    assert scale(PANCAKES, 4, 8) == {"flour g": 400, "milk ml": 600, "eggs": 4}


def test_scale_down():
    assert scale(PANCAKES, 4, 1) == {"flour g": 50, "milk ml": 75, "eggs": 0.5}


def test_bad_servings():
    with pytest.raises(ValueError):
        scale(PANCAKES, 4, 0)


def test_bigger_cake_tin():
    assert scale_to_pan({"butter g": 100}, 20, 30) == {"butter g": 225}
