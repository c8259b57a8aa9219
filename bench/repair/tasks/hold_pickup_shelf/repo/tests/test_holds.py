from holds import expired_holds, holds_to_collect, pickup_deadline, queue_position


def test_pickup_deadline():
    assert pickup_deadline(10) == 17
    assert pickup_deadline(10, days=3) == 13


def test_holds_to_collect_ready_only():
    holds = [
        {"title": "Dune", "ready_day": 12, "placed_day": 1, "patron": "P1"},
        {"title": "Emma", "ready_day": None, "placed_day": 2, "patron": "P1"},
        {"title": "Beloved", "ready_day": 9, "placed_day": 3, "patron": "P1"},
    ]
    assert holds_to_collect(holds, 12) == ["Beloved", "Dune"]


def test_holds_to_collect_skips_expired():
    holds = [
        {"title": "Dune", "ready_day": 12, "placed_day": 1, "patron": "P1"},
        {"title": "Ulysses", "ready_day": 2, "placed_day": 1, "patron": "P1"},
        {"title": "Beloved", "ready_day": 8, "placed_day": 3, "patron": "P1"},
    ]
    assert holds_to_collect(holds, 15) == ["Beloved", "Dune"]


def test_expired_holds():
    holds = [
        {"title": "Dune", "ready_day": 12, "placed_day": 1, "patron": "P1"},
        {"title": "Ulysses", "ready_day": 2, "placed_day": 1, "patron": "P1"},
        {"title": "Emma", "ready_day": None, "placed_day": 2, "patron": "P1"},
    ]
    assert expired_holds(holds, 15) == ["Ulysses"]


def test_queue_position():
    holds = [
        {"title": "Dune", "ready_day": None, "placed_day": 5, "patron": "P2"},
        {"title": "Dune", "ready_day": None, "placed_day": 3, "patron": "P7"},
        {"title": "Emma", "ready_day": None, "placed_day": 1, "patron": "P2"},
    ]
    assert queue_position(holds, "Dune", "P2") == 2
    assert queue_position(holds, "Dune", "P7") == 1
    assert queue_position(holds, "Emma", "P7") is None
