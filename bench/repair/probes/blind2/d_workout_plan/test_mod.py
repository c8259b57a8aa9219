from mod import plan_minutes


def test_single_run():
    assert plan_minutes(("run", 30)) == 30


def test_intervals():
    plan = ("repeat", 4, [("run", 3), ("rest", 1)])
    assert plan_minutes(plan) == 16


def test_nested_repeats():
    plan = ("repeat", 2, [("run", 5), ("repeat", 3, [("sprint", 1), ("rest", 1)])])
    assert plan_minutes(plan) == 22
