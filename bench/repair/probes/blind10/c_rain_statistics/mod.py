"""Rainfall statistics for a month of daily totals (mm)."""

WET_DAY_MM = 1.0


def median(values):
    """Median of a non-empty list of numbers."""
    ordered = list(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def wet_days(daily_mm):
    return sum(1 for mm in daily_mm if mm >= WET_DAY_MM)


def month_summary(daily_mm):
    """Total, wettest day and median daily rainfall."""
    if not daily_mm:
        raise ValueError("no data")
    return {
        "total": round(sum(daily_mm), 1),
        "max": max(daily_mm),
        "median": median(daily_mm),
        "wet_days": wet_days(daily_mm),
    }
