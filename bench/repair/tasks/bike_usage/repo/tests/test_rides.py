from rides import bike_usage, due_for_service, most_ridden


def test_bike_usage_totals():
    assert bike_usage([("B7", 2.5), ("B3", 1.2), ("B7", 4.1)]) == {
        "B7": {"rides": 2, "km": 6.6, "false_starts": 0},
        "B3": {"rides": 1, "km": 1.2, "false_starts": 0},
    }


def test_false_starts_are_not_rides():
    assert bike_usage([("B7", 0.05), ("B7", 3.0), ("B9", 0.0)]) == {
        "B7": {"rides": 1, "km": 3.0, "false_starts": 1},
        "B9": {"rides": 0, "km": 0.0, "false_starts": 1},
    }


def test_no_rides():
    assert bike_usage([]) == {}
    assert most_ridden([]) is None


def test_due_for_service():
    rides = [("B7", 40.0), ("B3", 12.5), ("B7", 15.5), ("B1", 55.0)]
    assert due_for_service(rides, 50) == ["B1", "B7"]
    assert due_for_service(rides, 100) == []


def test_most_ridden_ignores_false_starts():
    rides = [("B2", 1.0), ("B5", 0.02), ("B5", 0.04), ("B5", 2.0)]
    assert most_ridden(rides) == "B2"
    assert most_ridden([("B5", 1.0), ("B2", 3.0)]) == "B2"
