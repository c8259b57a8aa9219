from intervals import contains, free_slots, merge_intervals, total_length


def test_merge_empty():
    assert merge_intervals([]) == []


def test_merge_overlapping():
    assert merge_intervals([(5, 8), (1, 3), (2, 4), (8, 9)]) == [(1, 4), (5, 9)]


def test_total_length():
    assert total_length([(0, 10), (5, 15), (20, 25)]) == 20


def test_contains():
    assert contains([(1, 3), (6, 9)], 2)
    assert not contains([(1, 3), (6, 9)], 3)


def test_free_slots():
    assert free_slots([(10, 12), (11, 13), (15, 16)], 9, 17) == [(9, 10), (13, 15), (16, 17)]
