"""Combining several people's busy blocks to find common meeting times."""


def merge_busy(blocks):
    """Merge overlapping or touching (start, end) blocks into disjoint blocks.

    Blocks may come in any order; the result is sorted by start time.
    """
    merged = []
    for start, end in sorted(blocks, key=lambda b: b[1]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def combined_busy(calendars):
    """Merge the busy blocks of every person in the `calendars` dict (name -> blocks)."""
    return merge_busy([block for blocks in calendars.values() for block in blocks])


def common_free(calendars, day_start, day_end):
    """Return the (start, end) windows between day_start and day_end when nobody is busy."""
    free = []
    cursor = day_start
    for start, end in combined_busy(calendars):
        if start > cursor:
            free.append((cursor, min(start, day_end)))
        cursor = max(cursor, end)
    if cursor < day_end:
        free.append((cursor, day_end))
    return [(s, e) for s, e in free if s < e]


def busy_minutes(blocks):
    """Return the total minutes covered by the blocks, counting overlaps once."""
    return sum(end - start for start, end in merge_busy(blocks))
