"""Copy counts of the library's stock, nested as branch -> floor -> shelf code -> copies.

Any level may be a count (an int) or a dict of further levels.
"""


def total_copies(stock):
    """All copies held anywhere under stock."""
    return sum(total_copies(part) for part in stock.values())


def shelf_counts(stock, prefix=""):
    """Flat {"Branch/Floor/Shelf": copies} for every count under stock."""
    if isinstance(stock, int):
        return {prefix: stock}
    counts = {}
    for name, part in stock.items():
        path = f"{prefix}/{name}" if prefix else name
        counts.update(shelf_counts(part, path))
    return counts


def empty_shelves(stock):
    """Paths of the shelves with no copies, sorted."""
    return sorted(path for path, copies in shelf_counts(stock).items() if copies == 0)


def branch_totals(stock):
    """{branch: copies} for each top-level branch."""
    return {branch: total_copies(part) for branch, part in stock.items()}
