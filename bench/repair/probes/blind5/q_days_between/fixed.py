"""Due-date arithmetic for a library loan system."""

from datetime import date


def days_between(a, b):
    """Return the number of days between two 'YYYY-MM-DD' dates, in either order."""
    d1 = date.fromisoformat(a)
    d2 = date.fromisoformat(b)
    return abs((d2 - d1).days)


def is_overdue(due, today, grace_days=0):
    """Return True if today is more than grace_days after the due date."""
    late = date.fromisoformat(today) > date.fromisoformat(due)
    return late and days_between(due, today) > grace_days
