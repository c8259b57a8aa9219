from mod import EventCounter


def test_share_of_events():
    counter = EventCounter()
    for event in ["login", "login", "logout", "login"]:
        counter.record(event)
    assert counter.share("login") == 0.75
    assert counter.share("unknown") == 0.0


def test_reset_clears_everything():
    counter = EventCounter()
    counter.record("click")
    counter.record("click")
    counter.reset()
    assert counter.total == 0
    counter.record("view")
    assert counter.share("view") == 1.0
