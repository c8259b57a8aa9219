from mod import shuffled_queue


def test_same_tracks_after_shuffle():
    tracks = ["a", "b", "c", "d", "e"]
    assert sorted(shuffled_queue(tracks, seed=1)) == ["a", "b", "c", "d", "e"]


def test_seed_is_reproducible():
    tracks = list(range(20))
    assert shuffled_queue(tracks, seed=7) == shuffled_queue(tracks, seed=7)


def test_original_list_not_modified():
    tracks = list(range(20))
    shuffled_queue(tracks, seed=3)
    assert tracks == list(range(20))


def test_empty_queue():
    assert shuffled_queue([], seed=0) == []
