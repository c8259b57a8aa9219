"""Lookups in the depot's location tree.

The tree is a dict of labels (aisle, then shelf, then bin) to sub-trees; a bin is a
list of the SKUs stored in it, e.g. {"A": {"01": {"1": ["SKU-7", "SKU-9"]}}}.
"""


def locate(node, sku, path=()):
    """Sorted location codes ('A-01-1') of every bin that holds sku."""
    found = []
    for label in sorted(node):
        found += locate(node[label], sku, path + (label,))
    return found


def bin_contents(tree, code):
    """The SKUs in the bin with location code 'A-01-1'; [] if there is no such bin."""
    node = tree
    for label in code.split("-"):
        if not isinstance(node, dict) or label not in node:
            return []
        node = node[label]
    return list(node) if isinstance(node, list) else []


def count_bins(node):
    """Number of bins in the tree."""
    if isinstance(node, list):
        return 1
    return sum(count_bins(child) for child in node.values())


def empty_bins(node, path=()):
    """Location codes of bins with nothing in them, in sorted order."""
    if isinstance(node, list):
        return [] if node else ["-".join(path)]
    codes = []
    for label in sorted(node):
        codes += empty_bins(node[label], path + (label,))
    return codes
