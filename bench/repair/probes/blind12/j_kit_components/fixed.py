"""Exploding kits into the base parts the pickers have to collect."""


def explode(item, qty, boms, totals=None):
    """Return {part: units} of base parts needed to make `qty` of `item`.
    `boms` maps a kit to [(component, units_per_kit), ...]; components may be
    kits themselves. Anything not in `boms` is a base part."""
    if totals is None:
        totals = {}
    if item not in boms:
        totals[item] = totals.get(item, 0) + qty
        return totals
    for component, per_kit in boms[item]:
        if component in boms:
            explode(component, qty * per_kit, boms, totals)
        else:
            totals[component] = totals.get(component, 0) + qty * per_kit
    return totals


def pick_list(order_lines, boms):
    """Return {part: units} for a whole order of [(item, qty), ...]."""
    totals = {}
    for item, qty in order_lines:
        explode(item, qty, boms, totals)
    return totals


def shortages(order_lines, stock, boms):
    """Return {part: units missing} for the parts the order needs beyond `stock`."""
    needed = pick_list(order_lines, boms)
    return {p: n - stock.get(p, 0) for p, n in needed.items() if n > stock.get(p, 0)}


def max_buildable(kit, stock, boms):
    """Return how many complete `kit`s can be made from `stock`."""
    per_kit = explode(kit, 1, boms)
    return min(stock.get(part, 0) // n for part, n in per_kit.items())
