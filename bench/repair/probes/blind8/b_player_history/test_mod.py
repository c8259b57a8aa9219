from mod import Player


def test_new_player_has_nothing():
    p = Player()
    assert p.previous() is None
    assert p.most_played() is None


def test_counts_plays():
    p = Player()
    for t in ["a", "b", "a"]:
        p.play(t)
    assert p.counts == {"a": 2, "b": 1}


def test_previous_track():
    p = Player()
    p.play("Blue")
    assert p.previous() is None
    p.play("Green")
    assert p.previous() == "Blue"


def test_most_played_with_tie():
    p = Player()
    for t in ["x", "y", "y", "x", "z"]:
        p.play(t)
    assert p.most_played() == "x"
