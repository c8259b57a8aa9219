"""Date helpers for the leave-request form."""

from datetime import date, timedelta


def days_between_inclusive(start, end):
    """Number of calendar days from start to end, both days counted."""
    if end < start:
        raise ValueError("end is before start")
    return (end - start).days


def is_weekend(day):
    """Saturday or Sunday."""
    return day.weekday() >= 5


def working_days(start, end):
    """Weekdays from start to end, both included."""
    count = 0
    for offset in range(days_between_inclusive(start, end)):
        if not is_weekend(start + timedelta(days=offset)):
            count += 1
    return count


def month_end(day):
    """Last day of the month that `day` is in."""
    first_of_next = (day.replace(day=28) + timedelta(days=4)).replace(day=1)
    return first_of_next - timedelta(days=1)


def parse_iso(text):
    """date from 'YYYY-MM-DD', with a clear error for anything else."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"not a date: {text!r}") from None
