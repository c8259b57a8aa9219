"""Listening statistics from a play history."""


def longest_artist_run(history):
    """Return (artist, length) of the longest run of back-to-back plays by one artist.

    history is a list of dicts with an "artist" key. The earliest run wins a
    tie. An empty history gives (None, 0).
    """
    best_artist, best_len = None, 0
    prev, run = None, 0
    for play in history:
        artist = play["artist"]
        prev = artist
        if artist == prev:
            run += 1
        else:
            run = 1
        if run > best_len:
            best_artist, best_len = artist, run
    return best_artist, best_len
