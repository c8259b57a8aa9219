from mod import average_steps, goal_streak


def test_average_ignores_missing_days():
    assert average_steps([8000, None, 10000]) == 9000.0


def test_average_without_readings():
    assert average_steps([]) == 0.0
    assert average_steps([None, None]) == 0.0


def test_goal_streak_counts_from_the_end():
    assert goal_streak([12000, 4000, 10000, 11000], 10000) == 2


def test_missing_day_breaks_streak():
    assert goal_streak([10000, None, 10500], 10000) == 1
