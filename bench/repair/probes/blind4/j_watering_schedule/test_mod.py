from mod import watering_days


def test_daily_watering():
    assert watering_days(3, 1, set()) == [0, 1, 2]


def test_every_three_days():
    assert watering_days(10, 3, set()) == [0, 3, 6, 9]


def test_rain_resets_clock():
    assert watering_days(8, 3, {2}) == [0, 5]


def test_no_days():
    assert watering_days(0, 2, set()) == []
