"""Planning back-to-back tasks in a workday."""


def fmt(minutes):
    """Format minutes since midnight as 'HH:MM'."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def schedule(start, tasks, gap=5):
    """Return (name, start, end) 'HH:MM' slots for (name, minutes) tasks with a gap between."""
    slots = []
    current = start
    for name, duration in tasks:
        end = current + duration
        slots.append((name, fmt(current), fmt(end)))
        current = end + gap
    return slots
