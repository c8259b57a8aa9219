"""Helpers for reading plain-text application logs."""

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def parse_line(line):
    """Split 'YYYY-MM-DD HH:MM:SS LEVEL message' into (timestamp, level, message).

    Return None when the line does not have that shape or the level is unknown.
    """
    parts = line.strip().split(" ", 3)
    if len(parts) < 4 or parts[2] not in LEVELS:
        return None
    return parts[0] + " " + parts[1], parts[2], parts[3]


def level_counts(lines):
    """Return a dict mapping each level seen to the number of records with it."""
    counts = {}
    for line in lines:
        rec = parse_line(line)
        if rec is not None:
            counts[rec[1]] = counts.get(rec[1], 0) + 1
    return counts


def at_least(lines, level):
    """Return the messages of records whose level is `level` or more severe."""
    floor = LEVELS.index(level)
    return [rec[2] for rec in map(parse_line, lines)
            if rec is not None and LEVELS.index(rec[1]) >= floor]


def longest_error_burst(lines):
    """Return the largest number of consecutive ERROR/CRITICAL records.

    Lines that do not parse (e.g. traceback lines) neither extend nor break
    a burst. Return 0 when there are no such records.
    """
    best = 0
    run = 0
    for line in lines:
        rec = parse_line(line)
        if rec is None:
            continue
        if rec[1] in ("ERROR", "CRITICAL"):
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best
