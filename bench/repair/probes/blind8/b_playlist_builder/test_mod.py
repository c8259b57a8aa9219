from mod import build_playlist

SONGS = [
    {"title": "Intro", "seconds": 60, "explicit": False},
    {"title": "Loud", "seconds": 180, "explicit": True},
    {"title": "Epic", "seconds": 400, "explicit": False},
    {"title": "Short", "seconds": 50, "explicit": False},
]


def test_everything_fits():
    assert build_playlist(SONGS, 20) == ["Intro", "Loud", "Epic", "Short"]


def test_skips_songs_that_do_not_fit():
    assert build_playlist(SONGS, 5) == ["Intro", "Loud", "Short"]


def test_clean_only_drops_explicit_songs():
    assert build_playlist(SONGS, 20, clean_only=True) == ["Intro", "Epic", "Short"]


def test_zero_minutes():
    assert build_playlist(SONGS, 0) == []
