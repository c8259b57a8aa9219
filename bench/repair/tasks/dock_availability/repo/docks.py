"""Choosing a bike-share dock to rent a bike from or to return one to.

Each dock is a dict with name, distance (metres from the rider), bikes, free_slots and
open (False while the dock is out of service).
"""


def docks_with_bikes(docks, needed=1):
    """Names of the open docks holding at least `needed` bikes, nearest first."""
    usable = [dock for dock in docks if dock["open"] and dock["bikes"] >= needed]
    return [dock["name"] for dock in sorted(usable, key=lambda dock: dock["distance"])]


def dock_for_return(docks, max_distance):
    """Name of the nearest open dock with a free slot within max_distance metres, or None."""
    best = None
    for dock in docks:
        if dock["open"] and dock["distance"] <= max_distance:
            if best is None or dock["distance"] < best["distance"]:
                best = dock
    return best["name"] if best is not None else None


def total_free_slots(docks):
    """Free slots summed over the open docks."""
    return sum(dock["free_slots"] for dock in docks if dock["open"])
