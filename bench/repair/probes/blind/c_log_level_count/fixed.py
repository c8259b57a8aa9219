def count_levels(lines):
    """Count log lines per level. Lines look like '<date> <time> <LEVEL> message'."""
    counts = {}
    for line in lines:
        parts = line.split()
        if len(parts) < 3:
            continue
        level = parts[2].upper()
        counts[level] = counts.get(level, 0) + 1
    return counts
