from heartrate import is_steady, largest_jump, spikes


def test_rises_are_spikes():
    assert spikes([70, 72, 95, 97, 130], 20) == [2, 4]


def test_drops_are_spikes():
    assert spikes([140, 138, 100, 104, 70], 20) == [2, 4]
    assert spikes([80, 120, 80], 30) == [1, 2]


def test_change_equal_to_limit_is_not_a_spike():
    assert spikes([60, 80, 100], 20) == []


def test_too_few_readings():
    assert spikes([], 10) == []
    assert spikes([75], 10) == []


def test_largest_jump():
    assert largest_jump([70, 90, 60, 65]) == 30
    assert largest_jump([70]) == 0


def test_is_steady():
    assert is_steady([70, 74, 71, 75], 5)
    assert not is_steady([150, 120, 118], 10)
