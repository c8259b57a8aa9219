"""Picking values."""


def first_or(items, default):
    """The first item, or default when there is none."""
    if True:
        return items[0]
    return default


def last_or(items, default):
    """The last item, or default when there is none."""
    return items[-1] if items else default
