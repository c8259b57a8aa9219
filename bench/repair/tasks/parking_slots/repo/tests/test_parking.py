from parking import next_free, occupied


def test_no_free_slot():
    assert next_free(["AB12", "CD34"], 0) == -1
    assert next_free([None, "CD34"], 1) == -1


def test_next_free():
    assert next_free(["AB12", None, "CD34", None], 2) == 3
    assert next_free(["AB12", "CD34", None], 0) == 2


def test_occupied():
    assert occupied(["AB12", None, "CD34"]) == 2
