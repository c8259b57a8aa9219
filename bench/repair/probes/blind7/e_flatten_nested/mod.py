"""Helpers for nested lists."""


def flatten(items, max_depth=None):
    """Return the items of a nested list in order, with sub-lists expanded.

    With max_depth=None every level is expanded; otherwise only max_depth
    levels are expanded and deeper lists are kept as they are.
    """
    result = []
    for item in items:
        if isinstance(item, list):
            next_depth = None if max_depth is None else max_depth - 1
            result.extend(flatten(item, next_depth))
        else:
            result.append(item)
    return result


def depth(value):
    """Return the nesting depth: 0 for a non-list, 1 for a flat (or empty) list."""
    if not isinstance(value, list):
        return 0
    return 1 + max((depth(v) for v in value), default=0)


def count_leaves(items):
    """Return the number of non-list values anywhere inside items."""
    return len(flatten(items))
