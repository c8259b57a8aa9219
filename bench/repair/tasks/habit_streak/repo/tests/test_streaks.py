from streaks import completion_rate, longest_streak


def test_streak_broken_by_missed_day():
    assert longest_streak([True, True, False, True, True, True, False, True]) == 3


def test_unbroken_streak():
    assert longest_streak([True, True, True]) == 3
    assert longest_streak([False, False]) == 0
    assert longest_streak([]) == 0


def test_completion_rate():
    assert completion_rate([True, False, True, True]) == 75
    assert completion_rate([]) == 0
