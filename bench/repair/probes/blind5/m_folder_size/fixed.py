"""Disk usage for a folder tree stored as nested dicts."""


def total_size(node):
    """Return the total size of a folder dict; int values are file sizes in bytes."""
    if isinstance(node, int):
        return node
    return sum(total_size(child) for child in node.values())


def largest_folder(tree):
    """Return the name of the top-level subfolder with the biggest total size."""
    folders = {name: child for name, child in tree.items() if isinstance(child, dict)}
    return max(folders, key=lambda name: total_size(folders[name]))
