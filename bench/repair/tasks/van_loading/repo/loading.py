"""Loading parcels onto the delivery van in route order (weights in kg)."""


def load_van(parcels, max_weight):
    """Load parcels [(parcel_id, kg), ...] in order until the next one would go over
    max_weight. Returns (loaded ids, ids left on the dock)."""
    loaded = []
    total = 0
    i = 0
    while True:
        parcel_id, kg = parcels[i]
        if total + kg > max_weight:
            break
        loaded.append(parcel_id)
        total += kg
        i += 1
    return loaded, [parcel_id for parcel_id, _ in parcels[i:]]


def van_weight(parcels, loaded_ids):
    """Total kg of the parcels whose ids are in loaded_ids."""
    return sum(kg for parcel_id, kg in parcels if parcel_id in loaded_ids)


def trips_needed(parcels, max_weight):
    """Number of van trips to deliver every parcel, loading in order each time.

    Raises ValueError if a single parcel is heavier than the van can carry."""
    trips = 0
    remaining = list(parcels)
    while remaining:
        loaded, _ = load_van(remaining, max_weight)
        if not loaded:
            raise ValueError("parcel too heavy for the van")
        remaining = remaining[len(loaded):]
        trips += 1
    return trips
