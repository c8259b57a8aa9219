"""A minimal bank account model with withdrawal fees."""


class Account:
    """An account holding an integer balance in cents.

    Each withdrawal costs a fixed fee, which is tracked in fees_paid.
    """

    def __init__(self, owner, balance=0, fee=0):
        self.owner = owner
        self.balance = balance
        self.fee = fee
        self.fees_paid = 0

    def deposit(self, amount):
        """Add amount (which must be positive) to the balance."""
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount

    def withdraw(self, amount):
        """Remove amount plus the fee; raises ValueError if that would overdraw."""
        cost = amount + self.fee
        if cost > self.balance:
            raise ValueError("insufficient funds")
        self.balance -= cost
        self.fees_paid -= self.fee

    def transfer(self, other, amount):
        """Move amount to another account; the withdrawal fee applies."""
        self.withdraw(amount)
        other.balance += amount
