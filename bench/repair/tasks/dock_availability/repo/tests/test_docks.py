from docks import dock_for_return, docks_with_bikes, total_free_slots


def dock(name, distance, bikes, free_slots, open=True):
    return {"name": name, "distance": distance, "bikes": bikes, "free_slots": free_slots, "open": open}


DOCKS = [
    dock("Quay", 450, 0, 12),
    dock("Library", 120, 5, 0),
    dock("Museum", 300, 2, 3),
    dock("Park Gate", 90, 8, 6, open=False),
    dock("Town Hall", 600, 1, 9),
]


def test_docks_with_bikes_nearest_first():
    assert docks_with_bikes(DOCKS) == ["Library", "Museum", "Town Hall"]


def test_docks_with_enough_bikes_for_a_group():
    assert docks_with_bikes(DOCKS, needed=3) == ["Library"]


def test_return_skips_full_docks():
    assert dock_for_return(DOCKS, 500) == "Museum"
    assert dock_for_return([dock("Library", 120, 5, 0)], 500) is None


def test_return_skips_closed_docks():
    assert dock_for_return([dock("Park Gate", 90, 8, 6, open=False), dock("Quay", 450, 0, 12)], 500) == "Quay"


def test_return_respects_max_distance():
    assert dock_for_return(DOCKS, 200) is None
    assert dock_for_return(DOCKS, 1000) == "Museum"


def test_total_free_slots():
    assert total_free_slots(DOCKS) == 24
