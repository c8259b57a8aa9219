"""Walking up a directory hierarchy."""


def parent(path):
    """Return the parent of an absolute path; the root is its own parent."""
    head = path.rstrip("/").rsplit("/", 1)[0]
    return head or "/"


def ancestors(path):
    """Return ``path`` followed by each of its ancestors, ending at "/"."""
    if path == "/":
        return ["/"]
    return [path] + ancestors(parent(path))


def depth(path):
    """Return how many directories deep ``path`` is ("/" has depth 0)."""
    return len(ancestors(path)) - 1
