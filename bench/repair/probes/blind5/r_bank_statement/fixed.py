"""Printing a simple bank statement."""


def statement(start, transactions):
    """Return (description, amount, balance) rows; overdrawing withdrawals are rejected."""
    balance = start
    rows = []
    for desc, amount in transactions:
        if balance + amount < 0:
            rows.append((desc, amount, "REJECTED"))
            continue
        balance += amount
        rows.append((desc, amount, balance))
    return rows


def closing_balance(start, transactions):
    """Return the balance after all accepted transactions."""
    balance = start
    for _desc, _amount, bal in statement(start, transactions):
        if bal != "REJECTED":
            balance = bal
    return balance
