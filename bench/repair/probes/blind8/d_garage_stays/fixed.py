"""Tracking the cars inside the garage."""


class Garage:
    """Keeps track of the cars currently parked and when they arrived."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.parked = {}

    def enter(self, plate, minute):
        """Register an arriving car; returns False if full or already inside."""
        if plate in self.parked or len(self.parked) >= self.capacity:
            return False
        self.parked[plate] = minute
        return True

    def leave(self, plate, minute):
        """Register a car leaving at minute and return how long it stayed."""
        arrived = self.parked[plate]
        del self.parked[plate]
        return minute - arrived

    def free_spaces(self):
        """Number of spaces still available."""
        return self.capacity - len(self.parked)
