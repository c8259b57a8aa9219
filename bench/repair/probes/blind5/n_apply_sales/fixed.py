"""Stock keeping for a stationery shop."""


def apply_sales(stock, sales):
    """Apply (item, qty) sales to stock; return (levels, items that ran short)."""
    levels = dict(stock)
    short = []
    for item, qty in sales:
        available = levels.get(item, 0)
        if qty > available:
            short.append(item)
            qty = available
        levels[item] = available - qty
    return levels, short


def to_reorder(stock, sales, minimum):
    """Return sorted items whose level after sales is below minimum."""
    levels, _ = apply_sales(stock, sales)
    return sorted(item for item, level in levels.items() if level < minimum)
