from clock import hours_minutes, total_minutes


def test_hours_minutes():
    assert hours_minutes(135) == "2:15"


def test_total_minutes():
    assert total_minutes("1:05") == 65
