"""Scanning application logs."""


def error_messages(lines):
    """The message of every ERROR line ("ERROR: disk full" gives "disk full"), in order."""
    messages = []
    for line in lines:
        if line.startswith("ERROR:"):
            messages.append(line[len("ERROR:"):].strip())
            break
    return messages


def level_counts(lines):
    """How many lines have each level; the level is the text before the first ':'."""
    counts = {}
    for line in lines:
        level, sep, _ = line.partition(":")
        if sep:
            counts[level] = counts.get(level, 0) + 1
    return counts
