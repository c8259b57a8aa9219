from mod import best_pace, format_pace, pace


def test_pace():
    assert pace({"km": 5.0, "seconds": 1500}) == 300.0
    assert pace({"km": 10.0, "seconds": 3300}) == 330.0


def test_format_pace():
    assert format_pace(300.0) == "5:00"
    assert format_pace(334.6) == "5:35"
    assert format_pace(None) == "--:--"


def test_best_pace():
    workouts = [
        {"km": 5.0, "seconds": 1500},
        {"km": 0.0, "seconds": 1800},  # strength session, no distance
        {"km": 8.0, "seconds": 2240},
    ]
    assert best_pace(workouts) == 280.0
    assert best_pace([]) is None
