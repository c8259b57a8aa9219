"""Editing a playlist."""


def insert_after(songs, marker, song):
    """A copy of songs with song placed right after the first marker."""
    result = list(songs)
    result.insert(result.index(marker), song)
    return result


def remove_song(songs, song):
    """A copy of songs without any copy of song."""
    return [s for s in songs if s != song]
