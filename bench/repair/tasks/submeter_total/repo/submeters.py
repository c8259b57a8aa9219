"""Sub-meters of a building arranged as a tree."""


def meter_total(node):
    """kWh of node: a number for a single meter, or a dict name -> node for a group of meters."""
    return sum(meter_total(child) for child in node.values())


def meter_paths(node, prefix=""):
    """Every single meter under node as 'group/sub/meter' -> kWh."""
    if isinstance(node, (int, float)):
        return {prefix: node}
    paths = {}
    for name, child in node.items():
        paths.update(meter_paths(child, f"{prefix}/{name}" if prefix else name))
    return paths


def biggest_group(tree):
    """Name of the top-level entry of tree with the highest total, None for an empty tree."""
    if not tree:
        return None
    return max(tree, key=lambda name: meter_total(tree[name]))
