from mod import to_minutes, duration


def test_to_minutes():
    assert to_minutes("09:30") == 570


def test_duration_same_day():
    assert duration("09:15", "10:45") == 90


def test_duration_over_midnight():
    assert duration("23:30", "00:15") == 45
