"""Occupancy tracking for the entrance display."""


class Garage:
    def __init__(self, capacity):
        self.capacity = capacity
        self.occupied = 0

    def is_full(self):
        return self.occupied >= self.capacity

    def enter(self):
        """Let a car in; returns False (barrier stays closed) when full."""
        if self.is_full():
            return False
        self.occupied += 1
        return True

    def leave(self):
        if self.occupied == 0:
            raise RuntimeError("no cars inside")
        self.occupied -= 1

    def display(self):
        if self.is_full():
            return "FULL"
        return f"{self.capacity - self.occupied} FREE"
