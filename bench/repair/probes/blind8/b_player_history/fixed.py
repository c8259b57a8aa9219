"""Play history for a music player."""


class Player:
    """Keeps track of what has been played and how often."""

    def __init__(self):
        self.history = []
        self.counts = {}

    def play(self, track):
        """Record that track started playing."""
        self.history.append(track)
        self.counts[track] = self.counts.get(track, 0) + 1

    def previous(self):
        """Return the track played before the current one, or None."""
        if len(self.history) < 2:
            return None
        return self.history[-2]

    def most_played(self):
        """Return the track with the most plays (earliest played wins ties), or None."""
        best = None
        for track in self.history:
            if best is None or self.counts[track] > self.counts[best]:
                best = track
        return best
