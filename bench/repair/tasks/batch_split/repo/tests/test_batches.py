from batches import batch_count, batches


def test_batches():
    assert batches([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]


def test_batch_count():
    assert batch_count(5, 2) == 3
    assert batch_count(4, 2) == 2
