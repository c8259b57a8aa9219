import pytest

from mod import day_schedule, subjects_on, week_overview

LESSONS = [
    {"day": "Mon", "start": 600, "subject": "Art"},
    {"day": "Mon", "start": 480, "subject": "Maths"},
    {"day": "Tue", "start": 480, "subject": "History"},
    {"day": "Mon", "start": 535, "subject": "English"},
]


def test_day_schedule():
    starts = [lesson["start"] for lesson in day_schedule(LESSONS, "Mon")]
    assert starts == [480, 535, 600]


def test_bad_day():
    with pytest.raises(ValueError):
        day_schedule(LESSONS, "Sun")


def test_subjects_on():
    assert subjects_on(LESSONS, "Tue") == ["History"]
    assert subjects_on(LESSONS, "Mon") == ["Maths", "English", "Art"]


def test_week_overview():
    overview = week_overview(LESSONS)
    assert overview["Fri"] == []
    assert len(overview) == 5
