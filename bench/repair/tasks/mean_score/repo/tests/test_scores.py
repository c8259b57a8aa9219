from scores import best, mean


def test_mean():
    assert mean([2, 4, 9]) == 5


def test_best():
    assert best([2, 4, 9]) == 9
