"""Level-by-level views of a tree stored as nested dicts.

Each node is a dict with a "name" and an optional "children" list.
"""


def levels(root):
    """Return a list of lists of names, one list per depth, root level first."""
    result = []
    current = [root]
    while current:
        result.append([node["name"] for node in current])
        current = [child for node in current for child in node.get("children", [])]
    return result


def widest_level(root):
    """Return (depth, width) of the level with the most nodes; the shallowest wins ties."""
    best_depth, best_width = 0, 0
    for depth, names in enumerate(levels(root)):
        if len(names) > best_width:
            best_depth, best_width = depth, len(names)
    return best_depth, best_width


def names_at_depth(root, depth):
    """Return the names at the given depth (the root is depth 0), or [] if too deep."""
    all_levels = levels(root)
    if depth >= len(all_levels):
        return []
    return all_levels[depth]
