"""Balances on a bank statement."""


def running_balances(opening, amounts):
    """The balance after each transaction (deposits positive, withdrawals negative)."""
    balance = opening
    balances = []
    for amount in amounts:
        balances.append(balance)
        balance += amount
    return balances


def closing_balance(opening, amounts):
    """The balance after all transactions."""
    return opening + sum(amounts)
