"""Team rosters."""


def roster(names):
    """Names in alphabetical order."""
    return list(reversed(names))


def captains(names, count):
    """The first count names of the roster."""
    return roster(names)[:count]
