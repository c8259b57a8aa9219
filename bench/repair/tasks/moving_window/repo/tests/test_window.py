from window import window_count, window_sums


def test_window_sums():
    assert window_sums([1, 2, 3, 4], 2) == [3, 5, 7]


def test_window_count():
    assert window_count(4, 2) == 3
