from mod import batch_manifest


def test_empty_manifest():
    assert batch_manifest([], 3) == []


def test_fewer_than_capacity():
    assert batch_manifest(["A", "B"], 3) == [["A", "B"]]


def test_exact_multiple():
    assert batch_manifest(["A", "B", "C", "D"], 2) == [["A", "B"], ["C", "D"]]


def test_remainder_batch():
    assert batch_manifest([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
