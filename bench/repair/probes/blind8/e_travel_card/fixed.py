"""Prepaid smart card used at the ticket gates."""


class TravelCard:
    """A prepaid transit card holding a balance in cents."""

    def __init__(self, balance=0):
        self.balance = balance
        self.trips = 0

    def top_up(self, cents):
        """Add money to the card; the amount must be positive."""
        if cents <= 0:
            raise ValueError("top-up must be positive")
        self.balance += cents

    def tap(self, fare):
        """Pay fare if the balance covers it; returns True when the gate opens."""
        if self.balance < fare:
            return False
        self.balance -= fare
        self.trips += 1
        return True
