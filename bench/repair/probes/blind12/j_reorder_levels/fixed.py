"""Reorder checks for the warehouse's fast-moving lines."""


def reorder_point(daily_demand, lead_days, safety_stock=0):
    """Return the stock level at which to reorder: demand over the supplier's
    lead time plus the safety stock."""
    return daily_demand * lead_days + safety_stock


def needs_reorder(on_hand, on_order, point):
    """Return True when stock on hand plus stock already on order is at or
    below the reorder point."""
    return on_hand + on_order <= point


def suggested_order(on_hand, on_order, point, target):
    """Return how many units to order to bring the stock position up to
    `target`, or 0 when no reorder is needed yet."""
    if not needs_reorder(on_hand, on_order, point):
        return 0
    return max(0, target - on_hand - on_order)


def stockout_day(on_hand, forecast):
    """Return the first day (1-based) on which forecast demand can no longer
    be met from `on_hand`, or None if stock lasts the whole forecast.
    forecast[0] is tomorrow's expected demand."""
    level = on_hand
    for day in range(1, len(forecast) + 1):
        level -= forecast[day - 1]
        if level < 0:
            return day
    return None
