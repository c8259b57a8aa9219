from totals import total, total_from


def test_total():
    assert total([1, 2, 3, 4]) == 10


def test_total_of_empty():
    assert total([]) == 0


def test_total_from_last():
    assert total_from([5, 6], 1) == 6
