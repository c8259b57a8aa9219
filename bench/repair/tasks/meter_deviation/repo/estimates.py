"""Comparing estimated meter readings with the actual readings."""


def flag_estimates(actual, estimated, tolerance):
    """Meter ids whose estimate is off from the actual reading by more than tolerance.

    actual and estimated map meter ids to readings; meters missing from either mapping
    are ignored. The ids come back sorted.
    """
    common = set(actual) & set(estimated)
    return sorted(m for m in common if actual[m] - estimated[m] > tolerance)


def deviation_percent(actual, estimate):
    """How far estimate is off from actual, as a percentage of actual rounded to 1 decimal."""
    if actual == 0:
        return 0.0 if estimate == 0 else 100.0
    return round(abs(estimate - actual) / actual * 100, 1)


def total_adjustment(actual, estimated):
    """Sum of actual minus estimated over the meters in both mappings (the rebill amount)."""
    return sum(actual[m] - estimated[m] for m in actual if m in estimated)
