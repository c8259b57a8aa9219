from mod import to_minutes, next_departure


def test_to_minutes():
    assert to_minutes("00:00") == 0
    assert to_minutes("08:15") == 495


def test_next_departure_from_sorted_timetable():
    assert next_departure(["08:00", "08:20", "08:40"], "08:05") == "08:20"


def test_next_departure_from_unsorted_timetable():
    assert next_departure(["09:00", "08:45", "08:15"], "08:10") == "08:15"


def test_departure_exactly_now():
    assert next_departure(["08:00", "08:20"], "08:20") == "08:20"


def test_no_more_departures():
    assert next_departure(["08:00", "08:20"], "23:00") is None
