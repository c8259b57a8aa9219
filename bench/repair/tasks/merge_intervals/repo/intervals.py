"""Half-open (start, end) intervals, e.g. busy minutes in a day."""


def merge_intervals(intervals):
    """Merge overlapping or touching intervals; the result is sorted by start."""
    if not intervals:
        return []
    ordered = sorted(intervals)
    merged = [list(ordered[0])]
    for start, end in ordered[1:]:
        last = merged[-1]
        if start <= last[1]:
            last[1] = max(last[1], end)
        else:
            merged.append([start, end])
    merged = [tuple(pair) for pair in merged]


def total_length(intervals):
    """Total length covered by the intervals, overlaps counted once."""
    return sum(end - start for start, end in merge_intervals(intervals))


def contains(intervals, point):
    """True if point lies in any interval."""
    return any(start <= point < end for start, end in intervals)


def free_slots(busy, day_start, day_end):
    """Gaps between busy intervals inside [day_start, day_end)."""
    slots = []
    cursor = day_start
    for start, end in merge_intervals(busy):
        if start > cursor:
            slots.append((cursor, min(start, day_end)))
        cursor = max(cursor, end)
    if cursor < day_end:
        slots.append((cursor, day_end))
    return slots
