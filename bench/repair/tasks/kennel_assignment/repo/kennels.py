"""Placing arriving animals in the shelter's kennels."""


def assign_kennels(arrivals, kennels):
    """Place each arriving animal in the first kennel for its species that still has room.

    arrivals is a list of (name, species); kennels is a list of (kennel_id, species, capacity).
    Returns a dict name -> kennel_id, with None for the animals that could not be placed.
    """
    used = {kennel_id: 0 for kennel_id, _, _ in kennels}
    placed = {}
    for name, species in arrivals:
        placed[name] = None
        for kennel_id, kind, capacity in kennels:
            if kind == species:
                used[kennel_id] += 1
                placed[name] = kennel_id
                break
    return placed


def occupancy(placed):
    """Number of animals in each kennel used in placed (animals placed in None are skipped)."""
    counts = {}
    for kennel_id in placed.values():
        if kennel_id is not None:
            counts[kennel_id] = counts.get(kennel_id, 0) + 1
    return counts


def free_places(kennels, placed):
    """Kennel id -> number of places still free, for every kennel."""
    counts = occupancy(placed)
    return {kennel_id: capacity - counts.get(kennel_id, 0) for kennel_id, _, capacity in kennels}
