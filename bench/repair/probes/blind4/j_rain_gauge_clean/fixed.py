MAX_PLAUSIBLE_MM = 500.0


def clean_rainfall(readings):
    """Drop gauge readings that are negative or implausibly large; return the valid ones in order."""
    valid = []
    for r in readings:
        if r < 0 or r > MAX_PLAUSIBLE_MM:
            continue
        valid.append(r)
    return valid
