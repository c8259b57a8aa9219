"""Typical transaction sizes."""


def median_amount(amounts):
    """Return the median of ``amounts`` rounded to cents (0.0 if empty)."""
    ordered = sorted(amounts)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return round(ordered[mid], 2)
    return round((ordered[mid - 1] + ordered[mid]) / 2, 2)


def typical_spend(transactions):
    """Return the median size of outgoing (negative) transactions."""
    return median_amount([-t for t in transactions if t < 0])
