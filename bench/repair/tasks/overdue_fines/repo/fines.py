"""Overdue fines charged at the lending desk, in pounds."""

DAILY_RATE = {"book": 0.15, "dvd": 1.00, "magazine": 0.05}
FINE_CAP = 5.00
GRACE_DAYS = 1


def days_overdue(due_day, returned_day):
    """Whole days late beyond the grace period (never negative)."""
    return max(0, returned_day - due_day - GRACE_DAYS)


def item_fine(kind, due_day, returned_day):
    """Fine for one returned item, to the penny, capped at FINE_CAP (unknown kinds are free)."""
    fine = days_overdue(due_day, returned_day) * DAILY_RATE.get(kind, 0.0)
    return min(fine, FINE_CAP)


def total_fines(returns):
    """Total fine, to the penny, for a list of (kind, due_day, returned_day) returns."""
    return round(sum(item_fine(kind, due, back) for kind, due, back in returns), 2)


def fine_summary(returns):
    """Receipt line: "Fines due: £1.35", or "No fines due" when nothing is owed."""
    total = total_fines(returns)
    if total == 0:
        return "No fines due"
    return f"Fines due: £{total:.2f}"
