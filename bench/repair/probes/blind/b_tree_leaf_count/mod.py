class Node:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right


def count_leaves(node):
    """Number of leaf nodes in a binary tree."""
    if node is None:
        return 0
    return count_leaves(node.left) + count_leaves(node.right)
