"""Summaries of a workout log."""


def parse_entry(line):
    """Split a log line 'Run, 30' into the activity name and its minutes (an int)."""
    name, minutes = line.split(",")
    return name.strip(), int(minutes)


def minutes_by_activity(lines):
    """Total minutes per activity, matching names case-insensitively; keys are lower-case.

    Blank lines are ignored.
    """
    totals = {}
    for line in lines:
        if not line.strip():
            continue
        name, minutes = parse_entry(line)
        key = name
        totals[key] = totals.get(key, 0) + minutes
    return totals


def favourite_activity(lines):
    """The activity with the most minutes in total (alphabetically first on a tie), or None."""
    totals = minutes_by_activity(lines)
    if not totals:
        return None
    return min(totals, key=lambda name: (-totals[name], name))


def weekly_average(lines, weeks):
    """Average minutes of exercise per week over the given number of weeks, to one decimal."""
    entries = [parse_entry(line) for line in lines if line.strip()]
    total = sum(minutes for _, minutes in entries)
    return round(total / weeks, 1)
