"""Per-bike usage statistics for the bike-share fleet, from (bike id, km) ride records."""

MIN_RIDE_KM = 0.1


def bike_usage(rides):
    """Map each bike to {'rides': n, 'km': total, 'false_starts': n}.

    A ride shorter than MIN_RIDE_KM is a false start: it is counted only under false_starts.
    Totals are rounded to 0.1 km.
    """
    usage = {}
    for bike, km in rides:
        entry = usage.setdefault(bike, {"rides": 0, "km": 0.0, "false_starts": 0})
        if km < MIN_RIDE_KM:
            entry["false_starts"] += 1
        entry["rides"] += 1
        entry["km"] = round(entry["km"] + km, 1)
    return usage


def due_for_service(rides, limit_km):
    """Sorted ids of the bikes whose total distance has reached limit_km."""
    return sorted(bike for bike, entry in bike_usage(rides).items() if entry["km"] >= limit_km)


def most_ridden(rides):
    """The bike with the most real rides (the smallest id on a tie), or None without rides."""
    usage = bike_usage(rides)
    if not usage:
        return None
    return min(usage, key=lambda bike: (-usage[bike]["rides"], bike))
