"""Subsets and combinations of small lists (used by the bundle-pricing search)."""


def power_set(items):
    """All subsets of the list items, each in the original order; [] comes first."""
    rest = power_set(items[1:])
    return rest + [[items[0]] + subset for subset in rest]


def combinations(items, k):
    """All k-element subsets of items, in lexicographic order of positions."""
    if k == 0:
        return [[]]
    if len(items) < k:
        return []
    with_first = [[items[0]] + combo for combo in combinations(items[1:], k - 1)]
    return with_first + combinations(items[1:], k)


def subsets_with_sum(items, target):
    """Subsets of items (numbers) that add up to target."""
    return [subset for subset in power_set(items) if sum(subset) == target]


def count_subsets(n, k=None):
    """Number of subsets of an n-element set, or of its k-element subsets."""
    if k is None:
        return 2**n
    if not 0 <= k <= n:
        return 0
    result = 1
    for i in range(1, k + 1):
        result = result * (n - k + i) // i
    return result
