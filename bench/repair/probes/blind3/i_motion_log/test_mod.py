from mod import MotionLog


def test_empty_log():
    log = MotionLog()
    assert log.busiest() is None
    assert log.last_room is None


def test_counts_events():
    log = MotionLog()
    for room in ["hall", "kitchen", "hall"]:
        log.record(room)
    assert log.counts == {"hall": 2, "kitchen": 1}
    assert log.busiest() == "hall"


def test_last_room_tracks_latest_event():
    log = MotionLog()
    log.record("hall")
    log.record("garage")
    assert log.last_room == "garage"
