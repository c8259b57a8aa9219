from playlist import insert_after, remove_song


def test_insert_after():
    assert insert_after(["a", "b", "c"], "b", "x") == ["a", "b", "x", "c"]


def test_remove_song():
    assert remove_song(["a", "b", "a"], "a") == ["b"]
