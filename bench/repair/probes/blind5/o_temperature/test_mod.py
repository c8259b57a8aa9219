from mod import f_to_c, daily_range_c


def test_boiling():
    assert f_to_c(212) == 100.0


def test_freezing():
    assert f_to_c(32) == 0.0


def test_daily_range():
    assert daily_range_c([50, 68, 59]) == (10.0, 20.0)
