from groups import balanced_groups, group_labels, group_sizes


def test_small_class_is_one_group():
    assert balanced_groups(["Ann", "Bo"], 4) == [["Ann", "Bo"]]


def test_class_is_halved_until_groups_fit():
    pupils = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    assert balanced_groups(pupils, 3) == [["Ann", "Bo"], ["Cy", "Di"], ["Ed", "Flo", "Gus"]]
    assert balanced_groups(pupils, 4) == [["Ann", "Bo", "Cy", "Di"], ["Ed", "Flo", "Gus"]]


def test_empty_class_has_no_groups():
    assert balanced_groups([], 3) == []


def test_group_sizes():
    assert group_sizes(list(range(10)), 3) == [3, 2, 3, 2]
    assert group_sizes([], 5) == []


def test_group_labels():
    assert group_labels(["Ann", "Bo", "Cy"], 2) == {"Group 1": ["Ann", "Bo"], "Group 2": ["Cy"]}
    assert group_labels([], 2) == {}
