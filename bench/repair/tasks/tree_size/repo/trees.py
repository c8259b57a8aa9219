"""Binary trees as nested (value, left, right) tuples; None is the empty tree."""


def tree_size(tree):
    """Number of values in the tree."""
    _, left, right = tree
    return 1 + tree_size(left) + tree_size(right)


def root_value(tree):
    """The root's value, or None for the empty tree."""
    return None if tree is None else tree[0]
