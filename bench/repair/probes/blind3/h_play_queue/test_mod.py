from mod import PlayQueue


def test_first_track():
    q = PlayQueue(["intro", "verse", "outro"])
    assert q.next_track() == "intro"


def test_tracks_come_in_order():
    q = PlayQueue(["intro", "verse", "outro"])
    assert [q.next_track() for _ in range(3)] == ["intro", "verse", "outro"]


def test_exhausted_queue_returns_none():
    q = PlayQueue(["only"])
    q.next_track()
    assert q.next_track() is None


def test_remaining_count():
    q = PlayQueue(["a", "b", "c"])
    assert q.remaining() == 3
    q.next_track()
    assert q.remaining() == 2


def test_empty_queue():
    assert PlayQueue([]).next_track() is None
