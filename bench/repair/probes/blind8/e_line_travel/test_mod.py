from mod import travel_time

LINE = {
    "Depot": ("Market", 4),
    "Market": ("Station", 3),
    "Station": ("Harbour", 6),
    "Harbour": None,
}


def test_adjacent_stops():
    assert travel_time(LINE, "Depot", "Market") == 4


def test_several_stops():
    assert travel_time(LINE, "Depot", "Harbour") == 13
    assert travel_time(LINE, "Market", "Station") == 3


def test_same_stop():
    assert travel_time(LINE, "Station", "Station") == 0


def test_cannot_travel_backwards():
    assert travel_time(LINE, "Harbour", "Depot") is None
