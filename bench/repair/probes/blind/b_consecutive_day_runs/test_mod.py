from datetime import date

from mod import consecutive_runs


def test_single_block():
    days = [date(2024, 7, 1), date(2024, 7, 2), date(2024, 7, 3)]
    assert consecutive_runs(days) == [(date(2024, 7, 1), date(2024, 7, 3))]


def test_two_blocks_across_month():
    days = [date(2024, 3, 1), date(2024, 2, 29), date(2024, 3, 10)]
    assert consecutive_runs(days) == [
        (date(2024, 2, 29), date(2024, 3, 1)),
        (date(2024, 3, 10), date(2024, 3, 10)),
    ]


def test_no_days():
    assert consecutive_runs([]) == []
