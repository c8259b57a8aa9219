from artist_index import artist_key, group_by_artist, index_letter, sorted_artists


def test_artist_key():
    assert artist_key("The  Smiths ") == "smiths"
    assert artist_key("Theatre of Tragedy") == "theatre of tragedy"


def test_group_by_artist():
    tracks = [
        ("Lullaby", "The Cure"),
        ("Creep", "Radiohead"),
        ("Pictures of You", "cure"),
        ("Just", "radiohead"),
    ]
    assert group_by_artist(tracks) == {
        "cure": ["Lullaby", "Pictures of You"],
        "radiohead": ["Creep", "Just"],
    }


def test_index_letter():
    assert index_letter("The Beatles") == "B"
    assert index_letter("2Pac") == "#"


def test_sorted_artists():
    names = ["The Beatles", "ABBA", "beatles", "Coldplay"]
    assert sorted_artists(names) == ["ABBA", "The Beatles", "Coldplay"]
