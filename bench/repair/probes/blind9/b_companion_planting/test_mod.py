from mod import bad_neighbours, compatible


def test_friendly_plants():
    assert compatible("tomato", "basil")
    assert compatible("carrot", "onion")


def test_enemies_either_way_round():
    assert not compatible("beans", "onion")
    assert not compatible("onion", "beans")
    assert not compatible("fennel", "tomato")


def test_bad_neighbours_in_row():
    row = ["carrot", "onion", "beans", "tomato", "fennel"]
    assert bad_neighbours(row) == [("onion", "beans"), ("tomato", "fennel")]


def test_good_row():
    assert bad_neighbours(["tomato", "basil", "carrot"]) == []
