"""Coursework folders: nested dicts of name -> contents, where a file's contents is its size in KB."""


def folder_size(node):
    """Total size in KB of node: a file counts its own size, a folder the sizes of everything in it."""
    return sum(folder_size(child) for child in node.values())


def file_paths(folder, prefix=""):
    """Slash-separated paths of all files under folder, sorted alphabetically."""
    paths = []
    for name, child in folder.items():
        path = prefix + name
        if isinstance(child, dict):
            paths.extend(file_paths(child, path + "/"))
        else:
            paths.append(path)
    return sorted(paths)


def oversized_folders(folder, limit):
    """Names of the direct subfolders of folder whose total size is above limit KB, sorted."""
    return sorted(
        name
        for name, child in folder.items()
        if isinstance(child, dict) and folder_size(child) > limit
    )
