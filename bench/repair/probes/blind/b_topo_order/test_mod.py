from mod import task_order


def test_independent_tasks():
    assert task_order(["a", "b"], {}) == ["a", "b"]


def test_chain():
    deps = {"deploy": ["test"], "test": ["build"]}
    assert task_order(["deploy", "test", "build"], deps) == ["build", "test", "deploy"]


def test_cycle_detected():
    deps = {"a": ["b"], "b": ["a"]}
    assert task_order(["a", "b"], deps) is None
