from mod import median_yield


def test_empty():
    assert median_yield([]) is None


def test_single():
    assert median_yield([42.0]) == 42.0


def test_odd_unsorted():
    assert median_yield([30.0, 10.0, 20.0]) == 20.0


def test_even_unsorted():
    assert median_yield([8.0, 2.0, 6.0, 4.0]) == 5.0
