from pace import finish_time, format_pace, pace_seconds_per_km


def test_pace_of_a_10k():
    assert pace_seconds_per_km(10, 3000) == 300


def test_format_pace():
    assert format_pace(305) == "5:05"


def test_finish_time():
    assert finish_time(5, 240) == 1200
