"""Summaries over task deadlines.

Tasks are dicts with a "name" and a "due" value (a datetime.date or None).
"""


def final_deadline(tasks):
    """Return the latest due date among tasks, or None if no task has one.

    Tasks whose "due" is None are ignored.
    """
    dates = [t["due"] for t in tasks if t.get("due") is not None]
    if not dates:
        return None
    return min(dates)


def overdue(tasks, today):
    """Return names of tasks due strictly before today, earliest first."""
    late = [t for t in tasks if t.get("due") is not None and t["due"] < today]
    return [t["name"] for t in sorted(late, key=lambda t: t["due"])]


def days_left(tasks, today):
    """Return the days from today until the final deadline (None without deadlines)."""
    last = final_deadline(tasks)
    if last is None:
        return None
    return (last - today).days
