"""Loading parcels onto trucks, first fit."""


def first_fit(weights, capacity):
    """Put each weight, in order, on the first truck that still has room for it (a truck
    may be loaded exactly to capacity); the loads of the trucks as lists of weights."""
    trucks = []
    for weight in weights:
        for load in trucks:
            if sum(load) + weight < capacity:
                load.append(weight)
                break
        else:
            trucks.append([weight])
    return trucks


def truck_count(weights, capacity):
    """Number of trucks first_fit needs."""
    return len(first_fit(weights, capacity))


def all_fit(weights, capacity):
    """Whether every single weight fits on a truck at all."""
    return all(weight <= capacity for weight in weights)
