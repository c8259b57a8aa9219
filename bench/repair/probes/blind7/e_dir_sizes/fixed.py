"""Directory size reports for a nested dict model of a file system.

A directory is a dict mapping names to either file sizes (ints) or
sub-directories (dicts).
"""


def dir_size(tree):
    """Return the total size of all files under tree."""
    total = 0
    for child in tree.values():
        if isinstance(child, dict):
            total += dir_size(child)
        else:
            total += child
    return total


def large_dirs(tree, threshold, path=""):
    """Return paths of directories whose total size is at least threshold.

    The top directory is reported as "/"; results are in depth-first order.
    """
    found = []
    if dir_size(tree) >= threshold:
        found.append(path or "/")
    for name, child in tree.items():
        if isinstance(child, dict):
            found.extend(large_dirs(child, threshold, path + "/" + name))
    return found


def file_count(tree):
    """Return the number of files under tree."""
    return sum(file_count(c) if isinstance(c, dict) else 1 for c in tree.values())
