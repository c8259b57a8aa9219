"""POSIX-style path joining for a virtual file system."""


def join(*parts):
    """Join path segments with "/".

    An absolute segment discards everything before it, empty segments are
    skipped and no double slashes are introduced.
    """
    path = ""
    for part in parts:
        if not part:
            continue
        if part.startswith("/"):
            path = part
        elif path == "" or path.endswith("/"):
            path += part
        else:
            path += "/" + part
    return path


def split_parts(path):
    """Return the non-empty components of ``path``."""
    return [p for p in path.split("/") if p]
