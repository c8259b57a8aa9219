"""Loading parcels into mail sacks for the van."""


def fill_sacks(weights, max_weight):
    """Split the parcel weights, in order, into sacks of at most max_weight kg.

    A new sack is started when the next parcel would take the current one over the limit;
    a parcel heavier than max_weight on its own still gets a sack of its own.
    """
    sacks = []
    current = []
    load = 0
    i = 0
    while i < len(weights):
        weight = weights[i]
        if current and load + weight > max_weight:
            sacks.append(current)
            current = []
        current.append(weight)
        load += weight
        i += 1
    if current:
        sacks.append(current)
    return sacks


def sack_loads(sacks):
    """The total weight of each sack, rounded to 0.1 kg."""
    return [round(sum(sack), 1) for sack in sacks]


def overweight_sacks(sacks, max_weight):
    """Indexes of the sacks heavier than max_weight."""
    return [index for index, load in enumerate(sack_loads(sacks)) if load > max_weight]
