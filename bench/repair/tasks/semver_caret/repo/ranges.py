"""Caret and tilde version ranges, as used in package manifests ('^1.2.0', '~1.2.0')."""


def version_tuple(version):
    """(major, minor, patch) as integers for a 'X.Y.Z' string."""
    major, minor, patch = (int(part) for part in version.split("."))
    return major, minor, patch


def caret_allows(base, candidate):
    """True if candidate is within '^base'.

    The candidate must not be older than base and must have the same major number.
    While the major number of base is 0, the minor number must match as well.
    """
    wanted = version_tuple(base)
    found = version_tuple(candidate)
    if found < wanted:
        return False
    if found[1] != wanted[1]:
        return False
    return found[0] == wanted[0]


def tilde_allows(base, candidate):
    """True if candidate is within '~base': not older, same major and minor numbers."""
    wanted = version_tuple(base)
    found = version_tuple(candidate)
    return found >= wanted and found[:2] == wanted[:2]


def best_match(spec, candidates):
    """The newest of candidates allowed by spec ('^X.Y.Z' or '~X.Y.Z'), or None."""
    allows = caret_allows if spec.startswith("^") else tilde_allows
    base = spec[1:]
    allowed = [version for version in candidates if allows(base, version)]
    return max(allowed, key=version_tuple) if allowed else None
