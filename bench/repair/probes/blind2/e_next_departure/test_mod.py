from mod import next_departure


TIMETABLE = ["07:15", "06:40", "08:05", "09:30"]


def test_next_one():
    assert next_departure(TIMETABLE, "07:00") == "07:15"


def test_exact_time():
    assert next_departure(TIMETABLE, "08:05") == "08:05"


def test_after_last_service():
    assert next_departure(TIMETABLE, "22:10") is None
