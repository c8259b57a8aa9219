"""A bank account ledger."""


def final_balance(opening, entries):
    """Balance after ("deposit" | "withdraw", amount) entries."""
    balance = opening
    for kind, amount in entries:
        if kind == "deposit":
            balance += amount
        else:
            balance += amount
    return balance


def deposits(entries):
    """Total deposited."""
    return sum(amount for kind, amount in entries if kind == "deposit")
