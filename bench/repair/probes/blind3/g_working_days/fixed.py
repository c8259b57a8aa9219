from datetime import timedelta


def add_working_days(day, n, holidays=frozenset()):
    """Return the date n working days after day, skipping weekends and holidays."""
    if n == 0:
        return day
    nxt = day + timedelta(days=1)
    if nxt.weekday() >= 5 or nxt in holidays:
        return add_working_days(nxt, n, holidays)
    return add_working_days(nxt, n - 1, holidays)
