def route_length_km(stops):
    """Return total driving distance for stops given as kilometre markers along one highway."""
    total = 0.0
    for here, there in zip(stops, stops[1:]):
        total += abs(there - here)
    return total
