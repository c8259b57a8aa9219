from search import best_room, matching_rooms, rooms_by_status

ROOMS = [
    {"number": 101, "capacity": 2, "rate": 120.0, "status": "clean"},
    {"number": 102, "capacity": 1, "rate": 80.0, "status": "clean"},
    {"number": 201, "capacity": 4, "rate": 210.0, "status": "clean"},
    {"number": 202, "capacity": 2, "rate": 95.0, "status": "dirty"},
    {"number": 301, "capacity": 3, "rate": 120.0, "status": "clean"},
]


def test_no_price_limit():
    assert matching_rooms(ROOMS, 2) == [101, 301, 201]


def test_price_limit():
    assert matching_rooms(ROOMS, 2, 150.0) == [101, 301]
    assert matching_rooms(ROOMS, 1, 120.0) == [102, 101, 301]
    assert matching_rooms(ROOMS, 2, 50.0) == []


def test_rooms_too_small_are_skipped():
    assert matching_rooms(ROOMS, 4, 500.0) == [201]
    assert matching_rooms(ROOMS, 5, 500.0) == []


def test_best_room():
    assert best_room(ROOMS, 3, 200.0) == 301
    assert best_room(ROOMS, 4, 200.0) is None


def test_best_room_without_limit():
    assert best_room(ROOMS, 1) == 102
    assert best_room([], 1) is None


def test_rooms_by_status():
    assert rooms_by_status(ROOMS) == {"clean": [101, 102, 201, 301], "dirty": [202]}
    assert rooms_by_status([]) == {}
