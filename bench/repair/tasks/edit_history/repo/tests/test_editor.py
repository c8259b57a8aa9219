from editor import apply_edits, undo_all


def test_history_holds_earlier_texts():
    assert apply_edits("a", ["b", "c"]) == ("abc", ["a", "ab"])


def test_no_edits():
    assert apply_edits("a", []) == ("a", [])


def test_undo_all():
    assert undo_all([], "x") == "x"
