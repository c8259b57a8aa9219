from mod import weekly_totals


def test_no_runs():
    assert weekly_totals([]) == []


def test_several_weeks():
    runs = [(1, 5.0), (1, 7.5), (2, 10.0), (3, 4.2), (3, 3.3)]
    assert weekly_totals(runs) == [(1, 12.5), (2, 10.0), (3, 7.5)]


def test_single_week():
    assert weekly_totals([(4, 6.1), (4, 2.0)]) == [(4, 8.1)]
