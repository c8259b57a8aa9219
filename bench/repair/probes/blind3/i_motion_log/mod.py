class MotionLog:
    """Keeps per-room motion counts and the most recently active room."""

    def __init__(self):
        self.counts = {}
        self.last_room = None

    def record(self, room):
        """Register a motion event in room."""
        self.counts[room] = self.counts.get(room, 0) + 1

    def busiest(self):
        """Return the room with the most events, or None if nothing was recorded."""
        if not self.counts:
            return None
        return max(self.counts, key=self.counts.get)
