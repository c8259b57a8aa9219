from mod import best_week, weekly_totals


def test_full_weeks():
    assert weekly_totals([1000] * 14) == [7000, 7000]


def test_partial_week():
    assert weekly_totals([1000] * 10) == [7000, 3000]


def test_empty():
    assert weekly_totals([]) == []
    assert best_week([]) is None


def test_best_week():
    days = [5000] * 7 + [9000] * 7 + [2000] * 3
    assert best_week(days) == (2, 63000)
