"""Removing repeats."""


def unique_in_order(items):
    """items without repeats, in order of first appearance."""
    seen = set()
    kept = []
    for item in items:
        if item not in seen:
            seen.add(item)
            kept.append(item)
    return sorted(kept)


def repeats(items):
    """How many items are repeats of an earlier one."""
    return len(items) - len(set(items))
