from kennels import assign_kennels, free_places, occupancy

KENNELS = [("K1", "dog", 2), ("C1", "cat", 1), ("K2", "dog", 1)]


def test_full_kennel_is_skipped():
    arrivals = [("Rex", "dog"), ("Bo", "dog"), ("Max", "dog")]
    assert assign_kennels(arrivals, KENNELS) == {"Rex": "K1", "Bo": "K1", "Max": "K2"}


def test_no_room_left():
    arrivals = [("Tom", "cat"), ("Kit", "cat")]
    assert assign_kennels(arrivals, KENNELS) == {"Tom": "C1", "Kit": None}


def test_unknown_species():
    assert assign_kennels([("Hop", "rabbit"), ("Rex", "dog")], KENNELS) == {"Hop": None, "Rex": "K1"}


def test_occupancy():
    assert occupancy({"Rex": "K1", "Bo": "K1", "Tom": "C1", "Kit": None}) == {"K1": 2, "C1": 1}
    assert occupancy({}) == {}


def test_free_places():
    assert free_places(KENNELS, {"Rex": "K1", "Kit": None}) == {"K1": 1, "C1": 1, "K2": 1}
