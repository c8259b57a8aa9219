def top_sellers(orders, limit):
    """orders: list of (sku, qty). Return the `limit` SKUs with most units sold."""
    units = {}
    for sku, qty in orders:
        units[sku] = units.get(sku, 0) + qty
    ranked = list(units.items())
    ranked.sort(key=lambda pair: (-pair[1], pair[0]))
    return [sku for sku, _ in ranked[:limit]]
