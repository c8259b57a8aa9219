"""Path normalisation without touching the disk."""


def normalize(path):
    """Collapse ".", ".." and repeated slashes in ``path``.

    ".." at the root of an absolute path is dropped; leading ".."
    components of a relative path are kept.
    """
    absolute = path.startswith("/")
    stack = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if stack and stack[-1] != "..":
                stack.pop()
            if absolute:
                continue
        stack.append(part)
    result = "/".join(stack)
    if absolute:
        return "/" + result
    return result or "."
