"""Filtering lists."""


def without(items, value):
    """items minus every copy of value, order kept."""
    kept = [item for item in items if item != value]
    kept.sort()
    return kept


def only(items, value):
    """The copies of value in items."""
    return [item for item in items if item == value]
