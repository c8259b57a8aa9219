from mod import delay_minutes, worst_delay, on_time_rate, route_summary


def test_delay_minutes():
    assert delay_minutes("09:00", "09:15") == 15
    assert delay_minutes("10:30", "10:20") == -10
    assert delay_minutes("11:45", "12:05") == 20


def test_worst_delay():
    assert worst_delay([3, 12, -2]) == 12
    assert worst_delay([0]) == 0
    assert worst_delay([]) is None


def test_on_time_rate():
    assert on_time_rate([0, 3, 10, 20]) == 0.5
    assert on_time_rate([1, 2]) == 1.0
    assert on_time_rate([]) == 0.0


def test_route_summary():
    route = [("09:00", "09:10"), ("09:30", "09:25"), ("10:00", "10:40")]
    assert route_summary(route) == (3, 40)


def test_worst_delay_when_every_stop_was_early():
    # driver was early at every stop: the least-early stop is the worst
    assert worst_delay([-4, -2, -9]) == -2
    assert route_summary([("09:00", "08:50"), ("09:30", "09:27")]) == (2, -3)
