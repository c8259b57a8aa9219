from library_search import artists, matches, normalise, search

LIBRARY = [
    {"title": "Blue Monday", "artist": "New Order"},
    {"title": "Karma Police", "artist": "Radiohead"},
    {"title": "Ceremony", "artist": "New Order"},
    {"title": "No Surprises", "artist": "Radiohead"},
]


def test_normalise():
    assert normalise("  Blue   MONDAY ") == "blue monday"


def test_search_by_title():
    assert search(LIBRARY, "police") == ["Karma Police"]
    assert search(LIBRARY, "   ") == []


def test_search_by_artist():
    assert search(LIBRARY, "new  order") == ["Blue Monday", "Ceremony"]
    assert matches({"title": "Creep", "artist": "Radiohead"}, "RADIO")


def test_artists():
    assert artists(LIBRARY) == ["New Order", "Radiohead"]
