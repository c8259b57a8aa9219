class PlayQueue:
    """A simple play queue that hands out tracks in order."""

    def __init__(self, tracks):
        self.tracks = list(tracks)
        self.position = 0

    def next_track(self):
        """Return the next track to play, or None when the queue is exhausted."""
        if self.position >= len(self.tracks):
            return None
        track = self.tracks[self.position]
        self.position += 1
        return track

    def remaining(self):
        """Return how many tracks are still waiting to be played."""
        return len(self.tracks) - self.position
