"""Searching the music library by title or artist."""


def normalise(text):
    """Lower-case text with surrounding and repeated spaces removed."""
    return " ".join(text.lower().split())


def matches(track, query):
    """Whether the query appears in the track's title or in its artist name."""
    q = normalise(query)
    return q in normalise(track["title"])


def search(tracks, query):
    """Titles of the tracks matching query, in library order; none for a blank query."""
    if not normalise(query):
        return []
    return [track["title"] for track in tracks if matches(track, query)]


def artists(tracks):
    """Distinct artist names of the library, sorted case-insensitively."""
    names = {track["artist"] for track in tracks}
    return sorted(names, key=str.lower)
