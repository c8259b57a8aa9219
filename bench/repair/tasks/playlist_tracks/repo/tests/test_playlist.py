from playlist import album_of, all_tracks, track_total

ALBUMS = [
    {"title": "Blue", "tracks": ["All I Want", "My Old Man"]},
    {"title": "Hejira", "tracks": ["Coyote", "Amelia", "Furry Sings the Blues"]},
]


def test_track_total():
    assert track_total(ALBUMS) == 5
    assert track_total([]) == 0


def test_album_of():
    assert album_of(ALBUMS, "Amelia") == "Hejira"
    assert album_of(ALBUMS, "River") is None


def test_all_tracks_flat():
    assert all_tracks(ALBUMS) == ["All I Want", "My Old Man", "Coyote", "Amelia", "Furry Sings the Blues"]
    assert all_tracks([{"title": "Empty", "tracks": []}]) == []
