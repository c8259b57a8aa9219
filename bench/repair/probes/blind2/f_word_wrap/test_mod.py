from mod import wrap_text


def test_wraps_at_width():
    assert wrap_text("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"]


def test_single_short_line():
    assert wrap_text("hello world", 20) == ["hello world"]


def test_empty_text():
    assert wrap_text("   ", 10) == []
