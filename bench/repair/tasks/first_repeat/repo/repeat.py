"""Duplicate order ids."""


def first_repeat(ids):
    """The first id that occurs a second time, or None."""
    seen = set()
    for order_id in ids:
        if order_id in seen:
            return order_id
    return None


def duplicates(ids):
    """All ids that occur more than once, sorted."""
    return sorted({i for i in ids if ids.count(i) > 1})
