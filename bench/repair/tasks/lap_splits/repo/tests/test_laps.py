from laps import all_splits, fastest_lap, split_time

READINGS = [0, 61, 125, 183]


def test_split_time():
    assert split_time(READINGS, 1) == 61
    assert split_time(READINGS, 2) == 64


def test_all_splits():
    assert all_splits(READINGS) == [61, 64, 58]
    assert all_splits([10, 40]) == [30]
    assert all_splits([5]) == []


def test_fastest_lap():
    assert fastest_lap(READINGS) == 3
    assert fastest_lap([0, 50, 100, 160]) == 1
