from mod import Node, is_leaf, leaf_values, internal_count


def make_tree():
    return Node(1, Node(2, Node(4), None), Node(3, Node(5), Node(6)))


def test_is_leaf():
    assert is_leaf(Node(7))
    assert not is_leaf(Node(1, Node(2), Node(3)))


def test_leaf_values_full_tree():
    assert leaf_values(Node(1, Node(2), Node(3))) == [2, 3]


def test_leaf_values_with_single_child():
    assert leaf_values(make_tree()) == [4, 5, 6]


def test_empty_tree():
    assert leaf_values(None) == []
    assert internal_count(None) == 0


def test_internal_count():
    assert internal_count(make_tree()) == 3
