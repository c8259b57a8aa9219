from mod import count_plants, largest_section


GARDEN = {
    "front": {"border": 12, "pots": {"left": 3, "right": 4}},
    "back": {"veg bed": {"row 1": 10, "row 2": 8}, "herbs": 6},
    "greenhouse": 15,
}


def test_single_pot():
    assert count_plants(5) == 5


def test_flat_section():
    assert count_plants({"row 1": 10, "row 2": 8}) == 18


def test_whole_garden():
    assert count_plants(GARDEN) == 58


def test_largest_section():
    assert largest_section(GARDEN) == "back"
