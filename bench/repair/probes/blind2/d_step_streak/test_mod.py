from mod import current_streak


def test_recent_streak():
    assert current_streak([12000, 4000, 11000, 10500], 10000) == 2


def test_last_day_missed():
    assert current_streak([12000, 11000, 3000], 10000) == 0


def test_every_day_met():
    assert current_streak([10000, 15000, 12000], 10000) == 3
