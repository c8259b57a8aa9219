"""Building playlists from albums."""


def all_tracks(albums):
    """Every track title of the albums, album after album, in order (an album is a dict
    with a "title" and a "tracks" list)."""
    tracks = []
    for album in albums:
        tracks.append(album["tracks"])
    return tracks


def track_total(albums):
    """Total number of tracks on the albums."""
    return sum(len(album["tracks"]) for album in albums)


def album_of(albums, track):
    """Title of the first album with the given track title, or None."""
    for album in albums:
        if track in album["tracks"]:
            return album["title"]
    return None
