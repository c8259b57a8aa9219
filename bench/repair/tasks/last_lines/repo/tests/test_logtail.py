from logtail import errors, tail

LOG = ["boot", "ERROR disk", "ok", "ERROR net", "done"]


def test_tail_two():
    assert tail(LOG, 2) == ["ERROR net", "done"]


def test_tail_zero():
    assert tail(LOG, 0) == []


def test_errors():
    assert errors(LOG) == ["ERROR disk", "ERROR net"]
