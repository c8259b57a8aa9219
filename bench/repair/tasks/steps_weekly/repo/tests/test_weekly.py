from weekly import best_week, days_below, weekly_totals


def test_one_week():
    assert weekly_totals([1000, 2000, 3000, 4000, 5000, 6000, 7000]) == [28000]


def test_two_weeks():
    assert weekly_totals([100] * 7 + [200] * 7) == [700, 1400]


def test_partial_last_week():
    assert weekly_totals([10] * 7 + [5, 5, 5]) == [70, 15]
    assert weekly_totals([300, 400]) == [700]


def test_no_days():
    assert weekly_totals([]) == []
    assert best_week([]) is None


def test_best_week():
    assert best_week([5000] * 7 + [1000] * 7 + [9000]) == 1
    assert best_week([10] * 7 + [20] * 7) == 2


def test_days_below():
    assert days_below([8000, 12000, 9999, 10000], 10000) == 2
