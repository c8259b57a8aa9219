from runs import group_runs, longest_run


def test_group_runs():
    assert group_runs([1, 1, 2, 3, 3, 3]) == [[1, 1], [2], [3, 3, 3]]


def test_empty():
    assert longest_run([]) == 0
