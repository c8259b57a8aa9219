from mod import current_streak, days_met, goal_met


def test_goal_met():
    assert goal_met(10_000)
    assert not goal_met(9_999)


def test_current_streak():
    assert current_streak([12_000, 4_000, 11_000, 10_500]) == 2
    assert current_streak([12_000, 11_000, 3_000]) == 0


def test_streak_whole_history():
    assert current_streak([10_000, 10_200, 15_000]) == 3
    assert current_streak([]) == 0


def test_days_met():
    assert days_met([12_000, 4_000, 11_000], goal=5_000) == 2
