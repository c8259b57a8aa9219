from mod import place_hold, cancel_hold, estimated_wait_days, busiest_stretch


def test_place_hold():
    q = []
    assert place_hold(q, "ana") == 1
    assert place_hold(q, "ben") == 2
    assert place_hold(q, "ana") == 1
    assert q == ["ana", "ben"]


def test_cancel_hold():
    q = ["ana", "ben", "cy"]
    assert cancel_hold(q, "ben") is True
    assert q == ["ana", "cy"]
    assert cancel_hold(q, "dee") is False


def test_estimated_wait_days():
    q = ["a", "b", "c", "d", "e"]
    assert estimated_wait_days(q, "a", copies=2) == 21
    assert estimated_wait_days(q, "c", copies=2) == 42
    assert estimated_wait_days(q, "e", copies=1, loan_days=14) == 70
    assert estimated_wait_days(q, "zed", copies=2) is None


def test_busiest_stretch():
    assert busiest_stretch([1, 9, 9, 1, 0, 0], days=2) == 1
    assert busiest_stretch([5, 5, 5, 5], days=2) == 0
    assert busiest_stretch([1, 2], days=3) is None


def test_busiest_stretch_at_end_of_period():
    # report: a surge in the last week of the month was never picked up
    counts = [2, 1, 0, 1, 3, 8, 9]
    assert busiest_stretch(counts, days=3) == 4
