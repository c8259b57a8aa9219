"""Runs of equal values."""


def group_runs(values):
    """Consecutive equal values grouped into lists."""
    groups = []
    current = []
    for value in values:
        if current and value != current[-1]:
            groups.append(current)
        current.append(value)
    if current:
        groups.append(current)
    return groups


def longest_run(values):
    """Length of the longest run, 0 for no values."""
    return max((len(group) for group in group_runs(values)), default=0)
