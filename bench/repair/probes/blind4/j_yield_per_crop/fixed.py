def average_yield_by_crop(harvests):
    """Given (crop, kg) pairs, return a dict mapping each crop to its mean yield per harvest."""
    totals = {}
    counts = {}
    for crop, kg in harvests:
        totals[crop] = totals.get(crop, 0.0) + kg
        counts[crop] = counts.get(crop, 0) + 1
    return {crop: totals[crop] / counts[crop] for crop in totals}
