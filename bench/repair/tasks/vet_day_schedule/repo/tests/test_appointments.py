from appointments import day_schedule, to_clock, to_minutes, unbooked


def test_visits_back_to_back():
    visits = [("Bella", 30), ("Milo", 15), ("Luna", 45)]
    assert day_schedule(visits, "09:00", "17:00") == [
        ("Bella", "09:00"),
        ("Milo", "09:30"),
        ("Luna", "09:45"),
    ]


def test_visit_past_closing_is_not_booked():
    visits = [("Rex", 40), ("Tom", 30), ("Kit", 20)]
    assert day_schedule(visits, "11:00", "12:00") == [("Rex", "11:00"), ("Tom", None), ("Kit", "11:40")]


def test_no_visits():
    assert day_schedule([], "08:00", "12:00") == []


def test_unbooked():
    visits = [("Rex", 40), ("Tom", 30), ("Kit", 20), ("Hop", 5)]
    assert unbooked(visits, "11:00", "12:00") == ["Tom", "Hop"]
    assert unbooked([("Rex", 60)], "11:00", "12:00") == []


def test_clock_conversions():
    assert to_minutes("09:05") == 545
    assert to_clock(545) == "09:05"
    assert to_clock(0) == "00:00"
