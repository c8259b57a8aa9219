"""Vaccination schedule of a clinic patient."""


def due_vaccines(history, today, intervals):
    """Vaccines of intervals that are due on day number today, sorted by name.

    history maps a vaccine to the day number it was last given. A vaccine that was never
    given is due, and so is one whose interval (in days) has passed since it was given.
    """
    due = []
    for vaccine, interval in intervals.items():
        last = history.get(vaccine)
        if today - last >= interval:
            due.append(vaccine)
    return sorted(due)


def next_due_day(history, vaccine, intervals):
    """Day number on which vaccine is next due, or None when it was never given."""
    last = history.get(vaccine)
    if last is None:
        return None
    return last + intervals[vaccine]


def record_shots(history, today, given):
    """A copy of history with every vaccine of given recorded on day today."""
    updated = dict(history)
    for vaccine in given:
        updated[vaccine] = today
    return updated
