from plan import block_minutes, plan_summary, step_names

WARM_UP = {"name": "warm up", "minutes": 10}
SPRINT = {"name": "sprint", "minutes": 1}
JOG = {"name": "jog", "minutes": 2}
INTERVALS = {"name": "intervals", "blocks": [SPRINT, JOG], "repeat": 4}
SESSION = {"name": "Tuesday", "blocks": [WARM_UP, INTERVALS, {"name": "cool down", "minutes": 5}]}


def test_minutes_of_step():
    assert block_minutes(WARM_UP) == 10


def test_minutes_of_group():
    assert block_minutes(INTERVALS) == 12
    assert block_minutes(SESSION) == 27


def test_nested_repeats():
    outer = {"name": "sets", "blocks": [INTERVALS, {"name": "rest", "minutes": 3}], "repeat": 2}
    assert block_minutes(outer) == 30
    assert block_minutes({"name": "empty", "blocks": []}) == 0


def test_step_names():
    assert step_names(INTERVALS) == ["sprint", "jog"] * 4
    assert step_names(WARM_UP) == ["warm up"]


def test_plan_summary():
    assert plan_summary(SESSION) == "Tuesday: 27 min, 10 steps"
