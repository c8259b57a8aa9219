def free_slots(meetings, day_start, day_end):
    """Return free (start, end) gaps between meetings within the working day.

    meetings: list of (start, end) in minutes, possibly unsorted/overlapping.
    """
    gaps = []
    cursor = day_start
    for start, end in sorted(meetings):
        if start > cursor:
            gaps.append((cursor, start))
        cursor = max(cursor, end)
    if cursor < day_end:
        gaps.append((cursor, day_end))
    return gaps
