from trees import root_value, tree_size


def test_tree_size():
    assert tree_size((1, (2, None, None), (3, (4, None, None), None))) == 4


def test_root_value():
    assert root_value((7, None, None)) == 7
    assert root_value(None) is None
