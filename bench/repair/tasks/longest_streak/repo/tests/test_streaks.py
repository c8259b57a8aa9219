from streaks import current_streak, longest_streak, streaks


def test_streaks():
    assert streaks([1, 2, 3, 7, 8, 10]) == [3, 2, 1]
    assert streaks([]) == []


def test_current_streak():
    assert current_streak([1, 2, 3, 7, 8]) == 2
    assert current_streak([]) == 0


def test_longest_streak():
    assert longest_streak([1, 2, 3, 7, 8, 10]) == 3
    assert longest_streak([4, 9, 10, 11, 12]) == 4
    assert longest_streak([5]) == 1
    assert longest_streak([]) == 0
