"""Restock alerts for a small warehouse.

Compares on-hand quantities against per-item reorder points and builds
the list of items that need to be reordered.
"""


def needs_restock(on_hand, reorder_point):
    """Return True when stock has fallen to or below the reorder point."""
    return on_hand <= reorder_point


def restock_alerts(stock, reorder_points, default_point=5):
    """Return a sorted list of SKUs that need restocking.

    ``stock`` maps SKU -> quantity on hand. ``reorder_points`` maps SKU ->
    reorder point; SKUs missing from it use ``default_point``.
    """
    alerts = []
    for sku, qty in stock.items():
        point = reorder_points.get(sku, default_point)
        if needs_restock(qty, point):
            alerts.append(sku)
    return sorted(alerts)


def reorder_quantity(on_hand, reorder_point, target_level):
    """Return how many units to order to bring stock up to target_level.

    Returns 0 when the item does not need restocking.
    """
    if not needs_restock(on_hand, reorder_point):
        return 0
    return max(0, target_level - on_hand)
