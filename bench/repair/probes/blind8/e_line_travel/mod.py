"""Travel times along a one-way tram line."""


def travel_time(line, start, end):
    """Minutes from start to end along a one-way line.

    line maps each stop to (next_stop, minutes) or to None at the terminus.
    Returns None if end cannot be reached from start.
    """
    if line[start] is None:
        return None
    next_stop, minutes = line[start]
    rest = travel_time(line, next_stop, end)
    if rest is None:
        return None
    return minutes + rest
