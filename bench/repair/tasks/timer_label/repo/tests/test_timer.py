from timer import timer_label, to_seconds


def test_under_an_hour():
    assert timer_label(309) == "5m 09s"
    assert timer_label(0) == "0m 00s"


def test_over_an_hour():
    assert timer_label(3909) == "1h 05m 09s"
    assert timer_label(7200) == "2h 00m 00s"


def test_to_seconds():
    assert to_seconds(1, 5, 9) == 3909
