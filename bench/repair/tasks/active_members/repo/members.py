"""Club membership lists."""


def active_names(members):
    """Names of the members who are not suspended, in the order given."""
    return [m["name"] for m in members if m["suspended"]]


def count_by_level(members):
    """How many members there are at each level, e.g. {'gold': 2, 'basic': 1}."""
    counts = {}
    for m in members:
        counts[m["level"]] = counts.get(m["level"], 0) + 1
    return counts
