from sessions import minutes_online, still_online


def test_one_session_each():
    events = [(0, "ann", "in"), (10, "bob", "in"), (15, "bob", "out"), (30, "ann", "out")]
    assert minutes_online(events) == {"ann": 30, "bob": 5}


def test_sessions_add_up():
    events = [(0, "ann", "in"), (20, "ann", "out"), (50, "ann", "in"), (60, "ann", "out"), (70, "bob", "in")]
    assert minutes_online(events) == {"ann": 30}


def test_still_online():
    events = [(0, "ann", "in"), (5, "bob", "in"), (9, "ann", "out")]
    assert still_online(events) == ["bob"]
