"""Count pupils in a school organised as nested groups."""


def count_pupils(group):
    """Return the number of pupils in ``group``.

    A group is either a list of pupil names (a single class) or a dict
    mapping sub-group names to groups (a year group, a house, a school).
    """
    return sum(count_pupils(sub) for sub in group.values())


def largest_class(group, path=()):
    """Return (path, size) of the largest single class within ``group``."""
    if isinstance(group, list):
        return path, len(group)
    best = (path, -1)
    for name in sorted(group):
        candidate = largest_class(group[name], path + (name,))
        if candidate[1] > best[1]:
            best = candidate
    return best
