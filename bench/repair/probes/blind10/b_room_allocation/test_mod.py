from mod import allocate, best_room, fits

ROOMS = [
    {"name": "A101", "capacity": 30, "lab": False},
    {"name": "B12", "capacity": 24, "lab": True},
    {"name": "Hall", "capacity": 120, "lab": False},
]


def test_fits():
    assert fits(ROOMS[0], 25)
    assert not fits(ROOMS[0], 25, needs_lab=True)
    assert fits(ROOMS[1], 24, needs_lab=True)


def test_best_room():
    assert best_room(ROOMS, 20) == "B12"
    assert best_room(ROOMS, 28) == "A101"
    assert best_room(ROOMS, 200) is None


def test_allocate():
    plan = allocate(ROOMS, [("7a", 28, False), ("9c", 22, True), ("assembly", 90, False)])
    assert plan == {"assembly": "Hall", "7a": "A101", "9c": "B12"}
