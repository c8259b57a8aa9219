from mod import apply_edits


def test_typing():
    assert apply_edits([("type", "hello")]) == "hello"


def test_delete():
    assert apply_edits([("type", "hello"), ("delete", 2)]) == "hel"


def test_undo_typing():
    assert apply_edits([("type", "ab"), ("type", "c"), ("undo",)]) == "ab"


def test_undo_delete():
    assert apply_edits([("type", "abc"), ("delete", 1), ("undo",)]) == "abc"


def test_undo_with_nothing_to_undo():
    assert apply_edits([("undo",)]) == ""
