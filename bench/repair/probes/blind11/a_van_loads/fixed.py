"""Planning van loads at a depot."""


def average_weight(weights):
    """Return the mean parcel weight, or 0.0 when there are no parcels."""
    if not weights:
        return 0.0
    return sum(weights) / len(weights)


def van_loads(weights, capacity):
    """Split weights into van loads in order.

    A new van is started when the next parcel does not fit in the current one.
    """
    loads = []
    current = []
    used = 0
    for w in weights:
        if current and used + w > capacity:
            loads.append(current)
            current = []
            used = 0
        current.append(w)
        used += w
    if current:
        loads.append(current)
    return loads


def vans_needed(weights, capacity):
    """Return how many vans the parcels need."""
    return len(van_loads(weights, capacity))


def overweight_parcels(weights, capacity):
    """Return the parcels that are heavier than a whole van on their own."""
    return [w for w in weights if w > capacity]
