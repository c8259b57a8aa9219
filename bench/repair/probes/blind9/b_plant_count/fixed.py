"""Counting plants in a garden laid out as nested areas."""


def count_plants(area):
    """Total plants in an area.

    An area is either a number of plants (an int) or a dict mapping
    the names of its sub-areas (beds, rows, pots) to areas.
    """
    if isinstance(area, int):
        return area
    total = 0
    for sub_area in area.values():
        total += count_plants(sub_area)
    return total


def largest_section(garden):
    """Name of the top-level section holding the most plants."""
    return max(garden, key=lambda name: count_plants(garden[name]))
