"""Account balance history for a personal budget."""


def running_balance(opening, amounts):
    """Return the balance after each transaction, in order."""
    balances = []
    balance = opening
    for a in amounts:
        balance += a
        balances.append(balance)
    return balances


def lowest_balance(opening, amounts):
    """Return the lowest balance reached, counting the opening balance."""
    low = opening
    for b in running_balance(opening, amounts):
        if b < low:
            low = b
    return low


def net_change(amounts):
    """Return the overall change of the balance."""
    total = 0
    for a in amounts:
        total += a
    return total


def days_overdrawn(opening, amounts):
    """Return how many transactions left the account below zero."""
    return sum(1 for b in running_balance(opening, amounts) if b < 0)
