from prep import prep_list, scale_quantity, shortfall

PANCAKES = {"eggs": (3, "pc"), "flour": (250, "g"), "milk": (400, "ml")}


def test_scale_weights():
    assert scale_quantity(250, "g", 1.5) == 375
    assert scale_quantity(333, "ml", 0.5) == 166


def test_prep_list_whole_pieces():
    assert prep_list(PANCAKES, 4, 10) == {
        "eggs": (8, "pc"), "flour": (625, "g"), "milk": (1000, "ml"),
    }
    assert scale_quantity(3, "pc", 0.25) == 1


def test_prep_list_same_covers():
    assert prep_list(PANCAKES, 4, 4) == PANCAKES


def test_shortfall():
    prep = {"eggs": (8, "pc"), "flour": (625, "g"), "milk": (1000, "ml")}
    assert shortfall(prep, {"eggs": 6, "flour": 1000}) == {"eggs": 2, "milk": 1000}
