"""Searching in sorted sequences."""


def binary_search(items, target):
    """Index of target in the sorted list items, or -1 if it is absent."""
    lo, hi = 0, len(items) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def lower_bound(items, target):
    """First index whose item is >= target (len(items) if there is none)."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insert_sorted(items, value):
    """Insert value into the sorted list items in place, keeping it sorted."""
    items.insert(lower_bound(items, value), value)
    return items


def count_in_range(items, low, high):
    """How many items x of the sorted list satisfy low <= x < high."""
    return lower_bound(items, high) - lower_bound(items, low)
