def can_withdraw(balance, amount, overdraft_limit=0):
    """Return True if `amount` may be withdrawn from an account."""
    if balance + overdraft_limit < amount:
        return False
    return True


def apply_withdrawal(balance, amount, overdraft_limit=0):
    if not can_withdraw(balance, amount, overdraft_limit):
        raise ValueError("withdrawal refused")
    return balance - amount
