from nested import count_leaves, deep_get, depth, flatten


def test_flatten():
    assert flatten([1, [2, [3, "four"]], (5,)]) == [1, 2, 3, "four", 5]


def test_count_leaves():
    assert count_leaves([[], [[]], ["a", "bc"]]) == 2


def test_depth():
    assert depth(7) == 0
    assert depth([]) == 1
    assert depth([1, [2, [3]]]) == 3


def test_deep_get():
    data = {"a": {"b": [10, {"c": "x"}]}}
    assert deep_get(data, "a.b.1.c") == "x"
    assert deep_get(data, "a.z", default="none") == "none"
    assert deep_get(data, "") is data
