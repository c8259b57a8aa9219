from readings import clean_readings, largest_jump


def test_missing_readings_are_dropped():
    assert clean_readings([105, None, 112, None], 100) == [105, 112]
    assert clean_readings([None], 0) == []


def test_backward_readings_are_dropped():
    assert clean_readings([105, 98, 110, 104, 110], 100) == [105, 110, 110]
    assert clean_readings([90, 95], 100) == []


def test_all_good():
    assert clean_readings([1, 2, 3], 0) == [1, 2, 3]
    assert clean_readings([], 50) == []


def test_largest_jump():
    assert largest_jump([105, 99, 130, 135], 100) == 25
    assert largest_jump([120, None, 128], 100) == 20
    assert largest_jump([], 100) == 0
