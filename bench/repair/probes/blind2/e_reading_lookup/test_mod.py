from mod import find_reading


HOURS = [0, 3, 6, 9, 12, 15, 18, 21]


def test_found_middle():
    assert find_reading(HOURS, 12) == 4


def test_found_first_and_last():
    assert find_reading(HOURS, 0) == 0
    assert find_reading(HOURS, 21) == 7


def test_missing_observation():
    assert find_reading(HOURS, 7) == -1
