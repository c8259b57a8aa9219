"""Cutting a working day into bookable meeting slots (times in minutes since midnight)."""


def slot_count(start, end, length):
    """How many whole slots of length minutes fit between start and end."""
    return (end - start) // length


def slot_starts(start, end, length):
    """Start times of the whole slots between start and end, in order."""
    starts = []
    for i in range(slot_count(start, end, length) - 1):
        starts.append(start + i * length)
    return starts


def as_clock(minutes):
    """Minutes since midnight as 'HH:MM'."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def slot_labels(start, end, length):
    """'HH:MM-HH:MM' for each slot between start and end."""
    return [f"{as_clock(s)}-{as_clock(s + length)}" for s in slot_starts(start, end, length)]
