from intervals import interval_usage, known_total, missing_runs


def test_all_readings_known():
    assert interval_usage([100, 120, 150]) == [20, 30]


def test_first_reading_missing():
    assert interval_usage([None, 10, 15]) == [None, 5]


def test_reading_missing_in_the_middle():
    assert interval_usage([100, None, 150, 170]) == [None, None, 20]
    assert interval_usage([5, 9, None]) == [4, None]


def test_too_few_readings():
    assert interval_usage([5]) == []
    assert interval_usage([]) == []


def test_known_total():
    assert known_total([100, 110, None, 130, 145]) == 25
    assert known_total([None, None]) == 0


def test_missing_runs():
    assert missing_runs([1, None, None, 4, None]) == [(1, 2), (4, 1)]
    assert missing_runs([1, 2, 3]) == []
