"""Assign bikes from the fleet to incoming rental requests."""


def least_used(bikes):
    """Id of the bike with the fewest rental hours, or None for an empty fleet."""
    best = None
    for bike in bikes:
        if best is None or bike["hours"] < best["hours"]:
            best = bike
    return best["id"] if best else None


def first_free(bikes, size):
    """Id of the first bike of the given size that is not rented, or None."""
    for bike in bikes:
        if bike["size"] == size and not bike["rented"]:
            return bike["id"]
    return None


def assign(bikes, requests):
    """Give one free bike per requested size; None where nothing is left."""
    assigned = []
    for size in requests:
        bike_id = first_free(bikes, size)
        if bike_id is not None:
            for bike in bikes:
                if bike["id"] == bike_id:
                    bike["rented"] = True
        assigned.append(bike_id)
    return assigned
