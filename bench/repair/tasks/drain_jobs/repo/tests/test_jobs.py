from jobs import pending, run_all


def test_run_all():
    assert run_all(["build", "test", "deploy"]) == ["build", "test", "deploy"]


def test_pending():
    assert pending(["a"]) == 1
