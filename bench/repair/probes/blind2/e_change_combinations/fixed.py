def count_ways(amount_cents, coins):
    """Number of ways to make `amount_cents` from the given coin values
    (order of coins does not matter)."""
    if amount_cents == 0:
        return 1
    if amount_cents < 0 or not coins:
        return 0
    first, rest = coins[0], coins[1:]
    return count_ways(amount_cents - first, coins) + count_ways(amount_cents, rest)
