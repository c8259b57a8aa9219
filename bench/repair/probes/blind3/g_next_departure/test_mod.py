from datetime import time

from mod import next_departure

TIMES = [time(6, 15), time(7, 0), time(7, 45), time(9, 30), time(12, 0), time(18, 20)]


def test_between_departures():
    assert next_departure(TIMES, time(8, 0)) == time(9, 30)


def test_exact_departure_time():
    assert next_departure(TIMES, time(7, 45)) == time(7, 45)


def test_before_first_departure():
    assert next_departure(TIMES, time(5, 0)) == time(6, 15)


def test_after_last_departure():
    assert next_departure(TIMES, time(19, 0)) is None


def test_empty_timetable():
    assert next_departure([], time(10, 0)) is None
