from mod import wrap


def test_empty():
    assert wrap("", 10) == []


def test_fits_on_one_line():
    assert wrap("hello world", 20) == ["hello world"]


def test_two_lines():
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]


def test_long_word():
    assert wrap("a extraordinarily b", 5) == ["a", "extraordinarily", "b"]
