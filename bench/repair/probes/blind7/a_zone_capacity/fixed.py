"""Capacity figures for a nested warehouse layout.

A layout is either an int (the capacity of a single bin) or a dict mapping
names to sub-layouts (zones, aisles, shelves ...).
"""


def total_capacity(layout):
    """Return the summed capacity of every bin in the layout."""
    if isinstance(layout, int):
        return layout
    return sum(total_capacity(child) for child in layout.values())


def bin_count(layout):
    """Return the number of bins in the layout."""
    if isinstance(layout, int):
        return 1
    return sum(bin_count(child) for child in layout.values())


def find_zone(layout, path):
    """Follow a list of names into the layout and return that sub-layout.

    An empty path returns the layout itself. Raises KeyError if a name is
    missing.
    """
    if not path:
        return layout
    return find_zone(layout[path[0]], path[1:])
