"""Joining path segments."""


def join_parts(parts):
    """Segments joined with '/', recursively; '' for no segments."""
    if not parts:
        return ""
    return parts[0] + "/" + join_parts(parts[1:])


def depth(path):
    """How many segments a '/'-separated path has."""
    return len([part for part in path.split("/") if part])
