from mod import Node, count_leaves


def test_empty_tree():
    assert count_leaves(None) == 0


def test_single_node():
    assert count_leaves(Node(7)) == 1


def test_unbalanced_tree():
    tree = Node(1, Node(2, Node(4), Node(5)), Node(3, None, Node(6, Node(7))))
    assert count_leaves(tree) == 3
