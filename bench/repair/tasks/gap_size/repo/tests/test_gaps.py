from gaps import closest, gap


def test_gap_is_never_negative():
    assert gap(2, 9) == 7


def test_gap():
    assert gap(9, 2) == 7


def test_closest():
    assert closest([1, 5, 10], 6) == 5
