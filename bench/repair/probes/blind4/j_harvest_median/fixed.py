def median_yield(yields):
    """Return the median harvest yield (kg) of the given plots, or None if there are none."""
    if not yields:
        return None
    ordered = sorted(yields)
    n = len(ordered)
    mid = n // 2
    if n % 2 == 1:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2
