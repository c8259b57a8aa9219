"""Stock level history for one SKU from its movement ledger.

A movement is a signed number of units: goods received are positive, picks and
write-offs are negative.
"""


def stock_levels(opening, movements):
    """The stock level right after each movement, starting from the opening count."""
    level = opening
    levels = []
    for units in movements:
        levels.append(level)
        level += units
    return levels


def closing_stock(opening, movements):
    """The stock level after all the movements."""
    return opening + sum(movements)


def lowest_level(opening, movements):
    """The lowest stock level reached, the opening count included."""
    return min([opening] + stock_levels(opening, movements))


def first_stockout(opening, movements):
    """Index of the first movement that takes the stock below zero, or None."""
    for index, level in enumerate(stock_levels(opening, movements)):
        if level < 0:
            return index
    return None
