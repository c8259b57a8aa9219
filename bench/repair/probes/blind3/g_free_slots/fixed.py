def free_slots(meetings, day_start, day_end):
    """Return the free (start, end) gaps in a working day.

    meetings is a list of (start, end) times in minutes since midnight; they
    may be unsorted and may overlap.
    """
    slots = []
    cursor = day_start
    for start, end in sorted(meetings):
        if start > cursor:
            slots.append((cursor, start))
        cursor = max(cursor, end)
    if cursor < day_end:
        slots.append((cursor, day_end))
    return slots
