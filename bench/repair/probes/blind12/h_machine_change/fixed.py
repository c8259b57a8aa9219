"""Ticket vending machine: prices, payment and change. Amounts are in cents."""

PRICES = {"single": 290, "day": 870, "child": 150}
COINS = (200, 100, 50, 20, 10, 5)


def order_total(order):
    """Return the price of an order given as {ticket_type: quantity}."""
    return sum(PRICES[kind] * qty for kind, qty in order.items())


def change_due(paid, total):
    """Return the change owed for `paid` cents against `total`; raise ValueError if underpaid."""
    if paid < total:
        raise ValueError("insufficient payment")
    return paid - total


def make_change(amount, coins=COINS):
    """Return the coins to pay out for `amount`, largest first, using the fewest coins
    the greedy rule gives (each coin value may be used any number of times).

    Raises ValueError if the amount cannot be paid with the given coins.
    """
    if amount == 0:
        return []
    for i, coin in enumerate(coins):
        if coin <= amount:
            return [coin] + make_change(amount - coin, coins[i:])
    raise ValueError("cannot make change for %d" % amount)


def sell(order, paid):
    """Return (total, coins_returned) for a sale, or raise ValueError if underpaid."""
    total = order_total(order)
    return total, make_change(change_due(paid, total))
