"""File name extension helpers."""


def basename(path):
    """Return the last component of ``path``, ignoring a trailing slash."""
    return path.rstrip("/").rsplit("/", 1)[-1]


def extension(path):
    """Return the lowercased extension of the file at ``path``, with its dot.

    Only the last suffix counts, leading dots (hidden files) do not start
    an extension, and "" is returned when there is none.
    """
    name = path
    stripped = name.lstrip(".")
    if "." not in stripped:
        return ""
    return "." + stripped.rsplit(".", 1)[1].lower()


def has_extension(path, *extensions):
    """Return True if ``path`` ends with one of ``extensions`` (e.g. ".md")."""
    return extension(path) in {e.lower() for e in extensions}
