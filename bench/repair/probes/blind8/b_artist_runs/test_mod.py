from mod import longest_artist_run


def plays(*artists):
    return [{"artist": a, "title": f"song {i}"} for i, a in enumerate(artists)]


def test_empty_history():
    assert longest_artist_run([]) == (None, 0)


def test_single_play():
    assert longest_artist_run(plays("Adele")) == ("Adele", 1)


def test_longest_run():
    history = plays("Adele", "Bowie", "Bowie", "Bowie", "Adele", "Adele")
    assert longest_artist_run(history) == ("Bowie", 3)


def test_earliest_run_wins_tie():
    history = plays("Cher", "Cher", "Bowie", "Adele", "Adele")
    assert longest_artist_run(history) == ("Cher", 2)
