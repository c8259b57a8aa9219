"""Merging the shopping lists of several recipes."""


def merge_lists(*lists):
    """Combine lists of (item, quantity) pairs, adding up repeated items.

    Item names are compared without regard to case or surrounding spaces.
    """
    totals = {}
    for shopping in lists:
        for item, quantity in shopping:
            key = item.strip().lower()
            totals[key] = totals.get(key, 1) + quantity
    return totals


def as_text(totals):
    """Alphabetical lines "item x quantity"."""
    return [f"{item} x {totals[item]}" for item in sorted(totals)]
