"""Stock ledger for a single SKU in the back-room warehouse."""


def apply_movement(level, movement):
    """Return the stock level after one movement. A movement is (kind, qty):
    'in' (goods received) adds qty, 'out' (goods picked) subtracts it and
    'count' (stock-take) sets the level to qty."""
    kind, qty = movement
    if kind == "in":
        return level + qty
    if kind == "out":
        return level - qty
    if kind == "count":
        return qty
    raise ValueError("unknown movement kind: %r" % kind)


def stock_history(opening, movements):
    """Return the stock level after each movement, starting from `opening`."""
    level = 0
    levels = []
    for movement in movements:
        level = apply_movement(level, movement)
        levels.append(level)
    return levels


def closing_stock(opening, movements):
    """Return the stock level after all movements."""
    history = stock_history(opening, movements)
    return history[-1] if history else opening


def lowest_level(opening, movements):
    """Return the lowest stock level reached, including the opening level."""
    return min([opening] + stock_history(opening, movements))
