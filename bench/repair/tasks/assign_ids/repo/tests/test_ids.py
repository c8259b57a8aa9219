from ids import assign_ids, id_of


def test_assign_ids():
    assert assign_ids(["x", "y", "x", "z"]) == {"x": 1, "y": 2, "z": 3}


def test_id_of():
    assert id_of({"x": 4}, "q") == 0
