from mod import daily_high, daily_low, daily_summary, group_by_day


def test_group_by_day():
    entries = [("01-05", 3.0), ("01-05", 5.5), ("01-06", 1.0)]
    assert group_by_day(entries) == {"01-05": [3.0, 5.5], "01-06": [1.0]}


def test_high_and_low():
    assert daily_high([12.0, 17.5, 15.0]) == 17.5
    assert daily_low([12.0, 17.5, 15.0]) == 12.0


def test_winter_day():
    assert daily_high([-7.5, -3.0, -4.5]) == -3.0
    assert daily_low([-7.5, -3.0, -4.5]) == -7.5


def test_daily_summary():
    entries = [("07-01", 18.0), ("07-01", 26.5), ("07-02", 21.0)]
    assert daily_summary(entries) == {"07-01": (18.0, 26.5), "07-02": (21.0, 21.0)}
