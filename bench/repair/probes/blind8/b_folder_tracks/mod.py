"""Playlist folders that can hold tracks and further folders."""


def all_tracks(folder):
    """Return every track title in a folder, depth first, in listed order.

    A folder is a list whose entries are track titles (strings) or nested
    folders (lists).
    """
    tracks = []
    for entry in folder:
        tracks.extend(all_tracks(entry))
    return tracks


def unique_tracks(folder):
    """Return track titles without repeats, keeping the first occurrence."""
    seen = []
    for title in all_tracks(folder):
        if title not in seen:
            seen.append(title)
    return seen
