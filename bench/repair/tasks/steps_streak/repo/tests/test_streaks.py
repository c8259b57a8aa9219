from streaks import current_streak, goal_days, longest_streak


def test_goal_days():
    assert goal_days([(1, 12000), (2, 4000), (3, 10000)], 10000) == [1, 3]


def test_unbroken_streak():
    assert longest_streak([(1, 11000), (2, 10500), (3, 13000)], 10000) == 3


def test_missed_goal_resets_streak():
    assert longest_streak([(1, 11000), (2, 3000), (3, 10000), (4, 10001)], 10000) == 2


def test_missing_day_breaks_streak():
    assert longest_streak([(1, 11000), (2, 12000), (5, 10000), (6, 15000), (7, 10200)], 10000) == 3
    assert longest_streak([(3, 10000), (5, 10000), (7, 10000)], 10000) == 1


def test_no_days():
    assert longest_streak([], 8000) == 0
    assert longest_streak([(1, 100)], 8000) == 0


def test_current_streak():
    assert current_streak([(1, 9000), (2, 9500), (4, 9100), (5, 9900)], 9000) == 2
    assert current_streak([(1, 9000), (2, 100)], 9000) == 0
