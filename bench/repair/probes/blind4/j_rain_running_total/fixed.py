def cumulative_rain(readings, i=0, running=0.0):
    """Return a list of cumulative rainfall totals (mm) computed recursively from index i."""
    if i == len(readings):
        return []
    running += readings[i]
    return [running] + cumulative_rain(readings, i + 1, running)
