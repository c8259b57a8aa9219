from mod import explode, pick_list, shortages, max_buildable

BOMS = {
    "SHELF-KIT": [("BOARD", 4), ("BRACKET", 8), ("SCREW-PACK", 1)],
    "SCREW-PACK": [("SCREW", 20), ("PLUG", 20)],
    "DESK-KIT": [("TOP", 1), ("LEG", 4)],
}


def test_explode_simple_kit():
    assert explode("DESK-KIT", 3, BOMS) == {"TOP": 3, "LEG": 12}
    assert explode("LEG", 5, BOMS) == {"LEG": 5}


def test_explode_nested_kit_single():
    assert explode("SHELF-KIT", 1, BOMS) == {
        "BOARD": 4, "BRACKET": 8, "SCREW": 20, "PLUG": 20}


def test_pick_list():
    assert pick_list([("DESK-KIT", 1), ("LEG", 2)], BOMS) == {"TOP": 1, "LEG": 6}


def test_shortages():
    stock = {"TOP": 5, "LEG": 10}
    assert shortages([("DESK-KIT", 3)], stock, BOMS) == {"LEG": 2}
    assert shortages([("DESK-KIT", 2)], stock, BOMS) == {}


def test_max_buildable():
    stock = {"BOARD": 13, "BRACKET": 40, "SCREW": 100, "PLUG": 60}
    assert max_buildable("SHELF-KIT", stock, BOMS) == 3


def test_nested_kit_ordered_in_quantity():
    # pickers were short of screws for an order of 5 shelf kits
    parts = explode("SHELF-KIT", 5, BOMS)
    assert parts["SCREW"] == 100
    assert parts["PLUG"] == 100
    assert parts["BOARD"] == 20
