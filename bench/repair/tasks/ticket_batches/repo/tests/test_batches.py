from batches import batch_count, batch_of, batches


def test_even_split():
    assert batches([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]
    assert batches([], 3) == []


def test_uneven_split_keeps_last_ticket():
    assert batches([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
    assert batches(["a"], 1) == [["a"]]
    assert batches(["a", "b", "c", "d"], 3) == [["a", "b", "c"], ["d"]]


def test_counts_and_positions():
    assert batch_count([1, 2, 3, 4, 5], 2) == 3
    assert batch_of(4, 2) == 2
    assert batch_of(0, 3) == 0
