"""Site navigation menus stored as trees of {"title": ..., "children": [...]} dicts."""


def menu_paths(node):
    """Every path from node down to a leaf, as lists of titles (a leaf has no children)."""
    children = node.get("children") or []
    return [[node["title"]] + path for child in children for path in menu_paths(child)]


def count_entries(node):
    """Number of menu entries in the tree, node itself included."""
    return 1 + sum(count_entries(child) for child in node.get("children") or [])


def menu_depth(node):
    """Number of levels in the menu; a lone entry has depth 1."""
    children = node.get("children") or []
    return 1 + max((menu_depth(child) for child in children), default=0)


def find_path(node, title):
    """Titles from node down to the first entry called title (depth first), or None."""
    if node["title"] == title:
        return [title]
    for child in node.get("children") or []:
        path = find_path(child, title)
        if path is not None:
            return [node["title"]] + path
    return None


def breadcrumb(node, title, sep=" > "):
    """'Home > Docs > Install' for the entry called title, or '' if it is not in the menu."""
    path = find_path(node, title)
    return sep.join(path) if path else ""
