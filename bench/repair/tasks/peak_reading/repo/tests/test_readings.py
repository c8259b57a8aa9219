from readings import above, peak_index


def test_peak_index():
    assert peak_index([3, 9, 4, 9, 1]) == 1


def test_no_readings():
    assert peak_index([]) == -1


def test_above():
    assert above([1, 5, 7, 2], 4) == 2
