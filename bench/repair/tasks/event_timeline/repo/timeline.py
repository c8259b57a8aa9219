"""Event timelines."""


def timeline(events):
    """(time, name) events sorted oldest first, as a list."""
    return list(reversed(sorted(events)))


def names(events):
    """Event names in timeline order."""
    return [name for _, name in timeline(events)]
