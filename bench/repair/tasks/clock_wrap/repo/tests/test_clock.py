from clock import add_minutes, duration, format_clock, to_minutes


def test_parse_and_format():
    assert to_minutes("07:45") == 465
    assert format_clock(465) == "07:45"


def test_duration():
    assert duration("08:30", "17:00") == 510
    assert duration("22:00", "06:15") == 495


def test_add_minutes_same_day():
    assert add_minutes("09:15", 50) == "10:05"


def test_add_minutes_wraps_past_midnight():
    assert add_minutes("23:30", 45) == "00:15"
    assert add_minutes("00:10", -20) == "23:50"
