def total_leg_cost(legs):
    """Recursively sum the cost of each leg (distance_km * rate_per_km) of a delivery route."""
    distance_km, rate_per_km = legs[0]
    return distance_km * rate_per_km + total_leg_cost(legs[1:])
