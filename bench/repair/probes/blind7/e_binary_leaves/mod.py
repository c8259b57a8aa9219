"""Statistics over binary trees built from Node objects."""


class Node:
    """A binary tree node with optional left and right children."""

    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right


def is_leaf(node):
    """Return True if node has no children."""
    return node.left is None or node.right is None


def leaf_values(node):
    """Return the values of all leaves, left to right."""
    if node is None:
        return []
    if is_leaf(node):
        return [node.value]
    return leaf_values(node.left) + leaf_values(node.right)


def internal_count(node):
    """Return the number of nodes that have at least one child."""
    if node is None or is_leaf(node):
        return 0
    return 1 + internal_count(node.left) + internal_count(node.right)
