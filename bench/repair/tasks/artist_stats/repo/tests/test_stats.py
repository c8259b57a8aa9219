from stats import artist_summary, average_listen, top_artists

PLAYS = [
    ("Bonobo", 240),
    ("Moby", 180),
    ("Bonobo", 300),
    ("Air", 200),
    ("Moby", 95),
    ("Bonobo", 61),
]


def test_artist_summary():
    assert artist_summary(PLAYS) == {
        "Bonobo": {"plays": 3, "seconds": 601},
        "Moby": {"plays": 2, "seconds": 275},
        "Air": {"plays": 1, "seconds": 200},
    }


def test_top_artists():
    assert top_artists(PLAYS) == ["Bonobo", "Moby", "Air"]
    assert top_artists(PLAYS, n=1) == ["Bonobo"]
    assert top_artists([]) == []


def test_average_listen():
    assert average_listen(PLAYS, "Moby") == 138
    assert average_listen(PLAYS, "Enya") == 0
