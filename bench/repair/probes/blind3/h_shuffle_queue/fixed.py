import random


def shuffled_queue(tracks, seed=None):
    """Return a shuffled copy of the track list, leaving the caller's list untouched."""
    queue = list(tracks)
    random.Random(seed).shuffle(queue)
    return queue
