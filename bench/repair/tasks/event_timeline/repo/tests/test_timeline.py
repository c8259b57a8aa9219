from timeline import names, timeline


def test_timeline():
    assert timeline([(5, "b"), (1, "a"), (9, "c")]) == [(1, "a"), (5, "b"), (9, "c")]


def test_single_event():
    assert names([(3, "x")]) == ["x"]
