"""Summarising application log lines."""


def summarize_log(lines):
    """Return (count per level, ERROR messages) for lines like 'LEVEL: message'."""
    counts = {}
    errors = []
    for line in lines:
        level, _, message = line.partition(":")
        level = level.strip().upper()
        counts[level] = counts.get(level, 0) + 1
        if level == "ERROR":
            errors.append(message.strip())
    return counts, errors
