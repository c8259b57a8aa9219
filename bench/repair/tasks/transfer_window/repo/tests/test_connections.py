from connections import connection_ok, first_connection, to_minutes, wait_minutes


def test_to_minutes():
    assert to_minutes("00:00") == 0
    assert to_minutes("08:15") == 495


def test_wait_minutes_over_midnight():
    assert wait_minutes("10:00", "10:20") == 20
    assert wait_minutes("23:50", "00:05") == 15


def test_comfortable_connection():
    assert connection_ok("10:00", "10:10")
    assert connection_ok("10:00", "10:03")
    assert connection_ok("23:55", "00:30")


def test_too_short_change_is_rejected():
    assert not connection_ok("10:00", "10:01")
    assert not connection_ok("10:00", "10:00")
    assert not connection_ok("10:00", "10:04", min_change=5)


def test_too_long_wait_is_rejected():
    assert not connection_ok("10:00", "11:00")
    assert not connection_ok("10:00", "09:58")


def test_first_connection():
    assert first_connection("08:58", ["09:30", "09:00", "09:05"]) == "09:05"
    assert first_connection("08:58", ["08:59", "12:00"]) is None
