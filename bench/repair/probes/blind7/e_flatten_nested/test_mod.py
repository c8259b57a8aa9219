from mod import flatten, depth, count_leaves


def test_flatten_everything():
    assert flatten([1, [2, [3, [4]]], 5]) == [1, 2, 3, 4, 5]


def test_flatten_one_level():
    assert flatten([1, [2, [3]]], 1) == [1, 2, [3]]


def test_flatten_zero_levels():
    assert flatten([1, [2, [3]]], 0) == [1, [2, [3]]]


def test_depth():
    assert depth([1, [2, [3]]]) == 3
    assert depth([]) == 1
    assert depth(7) == 0


def test_count_leaves():
    assert count_leaves([[1, 2], [], [[3]]]) == 3
