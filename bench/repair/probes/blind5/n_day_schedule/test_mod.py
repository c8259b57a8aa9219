from mod import fmt, schedule


def test_fmt():
    assert fmt(545) == "09:05"


def test_no_tasks():
    assert schedule(540, []) == []


def test_two_tasks():
    assert schedule(540, [("email", 30), ("standup", 15)]) == [
        ("email", "09:00", "09:30"),
        ("standup", "09:35", "09:50"),
    ]


def test_single_task_no_gap():
    assert schedule(480, [("gym", 60)], gap=0) == [("gym", "08:00", "09:00")]
