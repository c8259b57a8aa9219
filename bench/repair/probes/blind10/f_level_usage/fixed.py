"""Which garage level is busiest? Levels map to lists of spot states (True = taken)."""


def taken_count(spots):
    return sum(1 for taken in spots if taken)


def busiest_level(levels):
    """Level with the most taken spots (first one wins a tie), or None."""
    best_level, best_count = None, -1
    for level, spots in levels.items():
        count = 0
        for taken in spots:
            if taken:
                count += 1
        if count > best_count:
            best_level, best_count = level, count
    return best_level


def occupancy_rates(levels):
    """Share of taken spots per level, rounded to two decimals."""
    return {level: round(taken_count(spots) / len(spots), 2)
            for level, spots in levels.items() if spots}
