"""Splitting a class into practical groups of balanced size."""


def balanced_groups(pupils, max_size):
    """pupils (kept in order) split by repeated halving into groups of at most max_size.

    A class with no pupils gives no groups.
    """
    if len(pupils) <= max_size:
        return [list(pupils)]
    middle = (len(pupils) + 1) // 2
    return balanced_groups(pupils[:middle], max_size) + balanced_groups(pupils[middle:], max_size)


def group_sizes(pupils, max_size):
    """Sizes of the groups balanced_groups() makes."""
    return [len(group) for group in balanced_groups(pupils, max_size)]


def group_labels(pupils, max_size):
    """{'Group 1': [...], 'Group 2': [...], ...} for the groups balanced_groups() makes."""
    groups = balanced_groups(pupils, max_size)
    return {f"Group {number}": group for number, group in enumerate(groups, start=1)}
