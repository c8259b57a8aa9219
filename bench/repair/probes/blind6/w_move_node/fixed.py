"""Moving files and directories in a tree of nested dicts."""


def _locate(tree, path):
    """Return (parent_dict, name) for the absolute ``path`` inside ``tree``."""
    parts = path.strip("/").split("/")
    node = tree
    for name in parts[:-1]:
        node = node[name]
    return node, parts[-1]


def move(tree, src, dst):
    """Move the file or directory at ``src`` to ``dst`` and return ``tree``.

    The parent of ``dst`` must exist; FileExistsError is raised if ``dst``
    is already taken.
    """
    src_parent, src_name = _locate(tree, src)
    dst_parent, dst_name = _locate(tree, dst)
    if dst_name in dst_parent:
        raise FileExistsError(dst)
    node = src_parent[src_name]
    del src_parent[src_name]
    dst_parent[dst_name] = node
    return tree
