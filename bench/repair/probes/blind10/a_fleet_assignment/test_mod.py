from mod import assign, first_free, least_used


def make_fleet():
    return [
        {"id": "A1", "size": "M", "rented": False, "hours": 40},
        {"id": "A2", "size": "L", "rented": False, "hours": 12},
        {"id": "A3", "size": "M", "rented": False, "hours": 25},
    ]


def test_least_used():
    assert least_used(make_fleet()) == "A2"
    assert least_used([]) is None


def test_first_free():
    fleet = make_fleet()
    assert first_free(fleet, "M") == "A1"
    assert first_free(fleet, "L") == "A2"
    assert first_free(fleet, "S") is None


def test_assign():
    fleet = make_fleet()
    assert assign(fleet, ["M", "M", "M"]) == ["A1", "A3", None]
    assert all(b["rented"] for b in fleet if b["size"] == "M")
