from distinct import distinct_sorted, most_common


def test_distinct_sorted():
    assert distinct_sorted([3, 1, 3, 2, 1]) == [1, 2, 3]


def test_most_common():
    assert most_common([3, 1, 3]) == 3
