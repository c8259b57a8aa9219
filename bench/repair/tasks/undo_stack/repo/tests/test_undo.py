from undo import can_undo, undo


def test_undo_more_than_available():
    assert undo(["a", "b"], 5) == ["b", "a"]


def test_undo_one():
    assert undo(["a", "b"], 1) == ["b"]


def test_can_undo():
    assert not can_undo([])
