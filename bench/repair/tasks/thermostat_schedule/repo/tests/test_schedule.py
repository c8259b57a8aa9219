from schedule import daily_profile, heating_hours, setpoint_at

WEEKDAY = [(6, 9, 21), (17, 22, 20)]


def test_between_periods_uses_default():
    assert setpoint_at(WEEKDAY, 12, 16) == 16
    assert setpoint_at(WEEKDAY, 23, 16) == 16


def test_second_period():
    assert setpoint_at(WEEKDAY, 17, 16) == 20
    assert setpoint_at(WEEKDAY, 21, 16) == 20


def test_first_period_and_before():
    assert setpoint_at(WEEKDAY, 6, 16) == 21
    assert setpoint_at(WEEKDAY, 8, 16) == 21
    assert setpoint_at(WEEKDAY, 3, 16) == 16
    assert setpoint_at([], 10, 18) == 18


def test_daily_profile():
    assert daily_profile([(7, 9, 20)], 15) == [15] * 7 + [20, 20] + [15] * 15


def test_heating_hours():
    assert heating_hours(WEEKDAY) == 8
    assert heating_hours([]) == 0
