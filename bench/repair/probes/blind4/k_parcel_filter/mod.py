MAX_WEIGHT_KG = 30.0


def deliverable_parcels(parcels):
    """Return ids of parcels that have an address and are within the weight limit."""
    result = []
    for parcel in parcels:
        if parcel["weight_kg"] > MAX_WEIGHT_KG:
            continue
        result.append(parcel["id"])
    return result
