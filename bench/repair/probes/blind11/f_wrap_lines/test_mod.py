from mod import wrap, truncate, pad_right, chunk


def test_wrap():
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert wrap("", 5) == []
    assert wrap("a verylongword b", 4) == ["a", "verylongword", "b"]


def test_truncate_short_text():
    assert truncate("short", 10) == "short"
    assert truncate("abc", 3) == "abc"


def test_truncate_respects_width():
    result = truncate("hello world", 8)
    assert result == "hello..."
    assert len(result) == 8


def test_pad_right():
    assert pad_right("ab", 4) == "ab  "
    assert pad_right("abcdef", 3) == "abcdef"
    assert pad_right("x", 3, ".") == "x.."


def test_chunk():
    assert chunk("abcdefg", 3) == ["abc", "def", "g"]
    assert chunk("", 3) == []
