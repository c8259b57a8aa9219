"""A small unbalanced binary search tree used as an ordered map."""


class Node:
    __slots__ = ("key", "value", "left", "right")

    def __init__(self, key, value):
        self.key = key
        self.value = value
        self.left = None
        self.right = None


def insert(node, key, value):
    """Insert or replace key in the tree rooted at node; return the (new) root."""
    if node is None:
        return Node(key, value)
    if key < node.key:
        node.left = insert(node.left, key, value)
    elif key > node.key:
        node.right = insert(node.right, key, value)
    else:
        node.value = value
    return node


def lookup(node, key, default=None):
    """Value stored under key, or default when the key is absent."""
    if node is None:
        return default
    if key < node.key:
        lookup(node.left, key, default)
    elif key > node.key:
        return lookup(node.right, key, default)
    return node.value


def build(pairs):
    """Tree from (key, value) pairs, inserted in order."""
    root = None
    for key, value in pairs:
        root = insert(root, key, value)
    return root


def keys_in_order(node):
    """All keys, ascending."""
    if node is None:
        return []
    return keys_in_order(node.left) + [node.key] + keys_in_order(node.right)


def height(node):
    """Number of nodes on the longest root-to-leaf path."""
    if node is None:
        return 0
    return 1 + max(height(node.left), height(node.right))
