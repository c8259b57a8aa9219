"""Disk usage of a folder tree: a folder is a dict mapping names to file sizes in bytes (int) or to sub-folders (dict)."""


def total_size(entry):
    """Bytes used by a file (an int) or by everything inside a folder (a dict)."""
    return sum(total_size(child) for child in entry.values())


def largest_entry(folder):
    """Name of the biggest entry directly inside folder, or None if the folder is empty."""
    if not folder:
        return None
    return max(folder, key=lambda name: total_size(folder[name]))


def empty_folders(folder):
    """Names of the sub-folders directly inside folder that hold nothing, sorted."""
    return sorted(name for name, child in folder.items() if isinstance(child, dict) and not child)
