"""Stock of an ingredient kept as dated lots (deliveries) in the walk-in."""


def on_hand(lots):
    """Total quantity left across the lots."""
    return sum(lot["qty"] for lot in lots)


def draw_from_lots(lots, amount):
    """Take amount out of stock, using the lots that expire soonest first.

    lots is a list of {"lot": id, "expires": "YYYY-MM-DD", "qty": n} and is updated
    in place. Returns [(lot id, quantity taken), ...] in the order they were used.
    Raises ValueError when the lots hold less than amount.
    """
    if on_hand(lots) < amount:
        raise ValueError("not enough stock")
    taken = []
    for lot in lots:
        if amount <= 0:
            break
        use = min(lot["qty"], amount)
        if use > 0:
            lot["qty"] -= use
            amount -= use
            taken.append((lot["lot"], use))
    return taken


def expired_lots(lots, today):
    """Ids of the lots past their date (before today) that still hold stock."""
    return [lot["lot"] for lot in lots if lot["expires"] < today and lot["qty"] > 0]
