def total_weight(parcels):
    total = 0
    for parcel in parcels:
        total += parcel["weight"]
    return total
