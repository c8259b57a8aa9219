from mod import parse_timestamp


def test_minutes_and_seconds():
    assert parse_timestamp("3:45") == 225


def test_hours_minutes_seconds():
    assert parse_timestamp("1:02:03") == 3723


def test_surrounding_whitespace():
    assert parse_timestamp("  0:30\n") == 30


def test_blank_is_zero():
    assert parse_timestamp("") == 0
    assert parse_timestamp("   ") == 0
