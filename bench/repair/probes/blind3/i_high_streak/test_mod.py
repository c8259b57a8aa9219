from mod import longest_high_streak


def test_no_readings():
    assert longest_high_streak([], 30) == 0


def test_all_above():
    assert longest_high_streak([31, 35, 40], 30) == 3


def test_none_above():
    assert longest_high_streak([10, 30, 20], 30) == 0


def test_streak_broken_by_low_reading():
    assert longest_high_streak([31, 32, 20, 33, 34, 35, 10, 40], 30) == 3


def test_later_shorter_streak_does_not_extend_earlier():
    assert longest_high_streak([50, 50, 0, 50], 30) == 2
