"""Billing usage across meter replacements."""


def billed_usage(events):
    """Total usage from a list of (kind, value) meter events, in time order.

    kind is "read" for a cumulative reading of the current meter, or "swap" when the
    meter is replaced; value is then the starting reading of the new meter. Usage is
    counted between consecutive readings of the same meter.
    """
    total = 0
    previous = None
    for kind, value in events:
        if kind == "swap":
            continue
        if previous is not None:
            total += value - previous
        previous = value
    return total


def parse_events(lines):
    """(kind, value) events from lines like 'read 1200' or ' swap 0 '; blank lines skipped."""
    events = []
    for line in lines:
        parts = line.split()
        if parts:
            events.append((parts[0].lower(), int(parts[1])))
    return events


def swap_count(events):
    """How many times the meter was replaced."""
    return sum(1 for kind, _ in events if kind == "swap")
