"""Parcel counts across a network of hubs and depots.

A node is a dict with 'name', 'parcels' (int) and 'children' (list of nodes).
"""


def total_parcels(node):
    """Return the parcels at a node plus all nodes below it."""
    total = node["parcels"]
    for child in node["children"]:
        total += total_parcels(child)
    return total


def path_to(node, name):
    """Return the list of names from the root down to `name`, or None."""
    if node["name"] == name:
        return [node["name"]]
    for child in node["children"]:
        sub = path_to(child, name)
        if sub is not None:
            return [node["name"]] + sub
    return None


def depth(node):
    """Return the number of levels in the tree (a single node has depth 1)."""
    if not node["children"]:
        return 1
    return 1 + max(depth(child) for child in node["children"])


def leaf_names(node):
    """Return the names of the nodes with no children, left to right."""
    if not node["children"]:
        return [node["name"]]
    names = []
    for child in node["children"]:
        names.extend(leaf_names(child))
    return names
