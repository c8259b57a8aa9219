from mod import free_periods, longest_streak, overloaded


def test_longest_streak():
    assert longest_streak([1, 2, 3, 5]) == 3
    assert longest_streak([4, 2, 3]) == 3
    assert longest_streak([]) == 0


def test_overloaded():
    timetable = {
        "Mr Berg": {"Mon": [1, 2, 3, 4, 5], "Tue": [1]},
        "Ms Ortiz": {"Mon": [1, 2, 4, 5], "Wed": [2, 3, 4, 5]},
    }
    assert overloaded(timetable) == ["Mr Berg"]


def test_free_periods():
    assert free_periods([1, 2, 5, 6, 7, 8]) == [3, 4]
