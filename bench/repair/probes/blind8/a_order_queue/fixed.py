"""The queue of drink orders waiting at the espresso machine."""


class OrderQueue:
    """First-come, first-served queue of drink orders at the counter."""

    def __init__(self):
        self.pending = []
        self.served = 0

    def place(self, customer, drink):
        """Put a new order at the back of the queue and return its ticket number."""
        self.pending.append((customer, drink))
        return self.served + len(self.pending)

    def serve(self):
        """Hand out the oldest order and return it, or None when nobody is waiting."""
        if not self.pending:
            return None
        order = self.pending.pop(0)
        self.served += 1
        return order

    def waiting(self):
        """Number of orders not yet served."""
        return len(self.pending)
