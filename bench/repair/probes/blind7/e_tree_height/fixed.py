"""Utilities for rooted trees stored as nested dicts.

Each node is a dict with a "name" and an optional "children" list.
"""


def height(node):
    """Return the number of edges on the longest path from node down to a leaf."""
    children = node.get("children", [])
    if not children:
        return 0
    return 1 + max(height(c) for c in children)


def size(node):
    """Return the number of nodes in the tree rooted at node."""
    return 1 + sum(size(c) for c in node.get("children", []))


def path_to(node, name):
    """Return the list of names from node down to the node called name, or None."""
    if node["name"] == name:
        return [node["name"]]
    for child in node.get("children", []):
        sub = path_to(child, name)
        if sub is not None:
            return [node["name"]] + sub
    return None
