"""The library's artist index."""


def artist_key(name):
    """Key used to sort and group artists: lower case, single spaces, no leading 'The '."""
    key = " ".join(name.lower().split())
    if key.startswith("the "):
        key = key[4:]
    return key


def group_by_artist(tracks):
    """{artist key: [titles]} for (title, artist) tracks, titles in library order."""
    groups = {}
    for title, artist in tracks:
        groups.setdefault(artist, []).append(title)
    return groups


def index_letter(name):
    """Letter an artist is filed under in the A-Z index ('#' for digits and symbols)."""
    key = artist_key(name)
    first = key[:1].upper()
    return first if first.isalpha() else "#"


def sorted_artists(names):
    """Artist names sorted as in the index, each key kept once (its first spelling)."""
    seen = {}
    for name in names:
        seen.setdefault(artist_key(name), name)
    return [seen[key] for key in sorted(seen)]
