"""The weekly reorder sheet for the depot's shelves."""


def packs_for(shortfall, pack_size):
    """Whole packs needed to cover shortfall units (0 when nothing is short)."""
    if shortfall <= 0:
        return 0
    return -(-shortfall // pack_size)


def reorder_list(stock, minimums, pack_sizes):
    """[(sku, packs), ...] sorted by SKU, for every SKU whose stock is below its minimum.

    SKUs missing from stock count as 0 on the shelf; a SKU without a pack size is
    ordered in single units.
    """
    orders = []
    for sku in sorted(minimums):
        shortfall = minimums[sku] - stock.get(sku, 0)
        packs = packs_for(shortfall, pack_sizes.get(sku, 1))
        if packs == 0:
            continue
        orders.append((sku, packs))
        return orders
    return orders


def units_ordered(orders, pack_sizes):
    """Total units arriving from a reorder list."""
    return sum(packs * pack_sizes.get(sku, 1) for sku, packs in orders)


def format_sheet(orders):
    """One line per order, 'SKU-12 x 3 packs' ('1 pack' for a single pack)."""
    lines = []
    for sku, packs in orders:
        word = "pack" if packs == 1 else "packs"
        lines.append(f"{sku} x {packs} {word}")
    return "\n".join(lines)
