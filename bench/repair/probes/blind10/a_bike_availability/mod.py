"""Bike availability helpers for the rental counter."""

SIZES = ("S", "M", "L")


def available_bikes(bikes, size):
    """Return ids of bikes of the given frame size that can be rented now."""
    if size not in SIZES:
        raise ValueError(f"unknown frame size: {size}")
    result = []
    for bike in bikes:
        if bike["size"] == size and not bike["rented"]:
            result.append(bike["id"])
    return result


def count_by_size(bikes):
    """Number of rentable bikes for each frame size."""
    return {size: len(available_bikes(bikes, size)) for size in SIZES}


def needs_service(bike, km_limit=500):
    """A bike is due for service once it has covered km_limit since the last one."""
    return bike["km_since_service"] >= km_limit


def service_queue(bikes, km_limit=500):
    """Ids of bikes due for service, most used first."""
    due = [bike for bike in bikes if needs_service(bike, km_limit)]
    due.sort(key=lambda bike: bike["km_since_service"], reverse=True)
    return [bike["id"] for bike in due]
