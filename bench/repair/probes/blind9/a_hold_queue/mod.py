"""Holds placed by patrons on a single library book."""


class HoldQueue:
    def __init__(self, blocked=()):
        self._queue = []
        self.blocked = set(blocked)

    def place_hold(self, patron):
        """Queue patron for the book and return True.

        Patrons with a blocked card, and patrons already waiting,
        are refused (False).
        """
        if patron in self.blocked:
            return False
        self._queue.append(patron)
        return True

    def position(self, patron):
        """1-based place of patron in the queue, or None."""
        if patron not in self._queue:
            return None
        return self._queue.index(patron) + 1

    def next_patron(self):
        """Remove and return the patron whose turn it is, or None."""
        if not self._queue:
            return None
        return self._queue.pop(0)
