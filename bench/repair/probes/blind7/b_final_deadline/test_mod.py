from datetime import date

from mod import final_deadline, overdue, days_left

TASKS = [
    {"name": "report", "due": date(2024, 3, 10)},
    {"name": "slides", "due": date(2024, 3, 1)},
    {"name": "review", "due": None},
    {"name": "audit", "due": date(2024, 4, 2)},
]


def test_final_deadline():
    assert final_deadline(TASKS) == date(2024, 4, 2)


def test_final_deadline_without_dates():
    assert final_deadline([]) is None
    assert final_deadline([{"name": "x", "due": None}]) is None


def test_single_task():
    assert final_deadline([{"name": "a", "due": date(2024, 1, 1)}]) == date(2024, 1, 1)


def test_overdue():
    assert overdue(TASKS, date(2024, 3, 15)) == ["slides", "report"]


def test_days_left():
    assert days_left(TASKS, date(2024, 3, 30)) == 3
