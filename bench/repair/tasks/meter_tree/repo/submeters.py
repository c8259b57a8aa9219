"""Sub-metering: a main meter feeding several sub-meters, possibly nested."""


def total_usage(node):
    """Total kWh of a meter tree.

    A node is either a number (the usage of one sub-meter) or a dict mapping
    sub-meter names to nodes.
    """
    return sum(total_usage(child) for child in node.values())


def meter_paths(node, prefix=""):
    """Map the 'building/floor/unit' path of every leaf meter to its usage."""
    paths = {}
    for name, child in node.items():
        path = prefix + name
        if isinstance(child, dict):
            paths.update(meter_paths(child, path + "/"))
        else:
            paths[path] = child
    return paths


def unmetered_loss(main_reading, tree):
    """Main-meter usage not accounted for by the sub-meters (never negative)."""
    return max(main_reading - total_usage(tree), 0)
