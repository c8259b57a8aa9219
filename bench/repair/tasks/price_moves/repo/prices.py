"""Day-to-day moves of a share price."""


def daily_changes(prices):
    """The change from each closing price to the next (negative when the price fell)."""
    return [abs(after - before) for before, after in zip(prices, prices[1:])]


def price_range(prices):
    """The lowest and the highest price, as a (low, high) pair."""
    return (min(prices), max(prices))
