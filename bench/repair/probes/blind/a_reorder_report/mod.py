def reorder_report(stock, minimum):
    """Return (skus below minimum, total units needed to refill them to minimum)."""
    short = []
    units_needed = 0
    for sku, on_hand in sorted(stock.items()):
        if on_hand < minimum:
            short.append(sku)
    return short, units_needed
