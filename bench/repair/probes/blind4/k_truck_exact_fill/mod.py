def can_fill_exactly(weights, capacity):
    """Return True if some subset of the crate weights adds up exactly to the truck capacity."""
    if capacity < 0 or not weights:
        return False
    first, rest = weights[0], weights[1:]
    return can_fill_exactly(rest, capacity - first) or can_fill_exactly(rest, capacity)
