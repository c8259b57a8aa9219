"""Finding a bay for an arriving car on one level of the garage."""


def first_free(bays, start=0):
    """Index of the first free bay at or after start, or None if all are taken.

    bays is a list holding a plate for an occupied bay and None for a free one.
    """
    if start >= len(bays):
        return None
    if bays[start] is None:
        return start
    return first_free(bays, start + 1)


def park(bays, plate):
    """Put plate in the first free bay and return its index, or None when full."""
    index = first_free(bays)
    if index is not None:
        bays[index] = plate
    return index
