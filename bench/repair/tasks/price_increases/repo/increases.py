"""Price movements."""


def count_increases(prices):
    """How many prices are higher than the one before."""
    count = 0
    previous = None
    for price in prices:
        if previous is not None and price > previous:
            count += 1
    return count


def net_change(prices):
    """Last price minus first price, 0 for fewer than two prices."""
    return prices[-1] - prices[0] if len(prices) > 1 else 0
