from subsets import combinations, count_subsets, power_set, subsets_with_sum


def test_power_set_of_empty_list():
    assert power_set([]) == [[]]


def test_power_set_of_two():
    assert power_set([1, 2]) == [[], [2], [1], [1, 2]]


def test_subsets_with_sum():
    assert sorted(subsets_with_sum([1, 2, 3, 4], 5)) == [[1, 4], [2, 3]]


def test_combinations():
    assert combinations(["a", "b", "c"], 2) == [["a", "b"], ["a", "c"], ["b", "c"]]
    assert combinations(["a"], 2) == []


def test_count_subsets():
    assert count_subsets(4) == 16
    assert count_subsets(5, 2) == 10
    assert count_subsets(3, 4) == 0
