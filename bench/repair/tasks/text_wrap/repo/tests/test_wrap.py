from wrap import fill, indent, truncate, wrap


def test_line_may_fill_the_width():
    assert wrap("a b c", 3) == ["a b", "c"]


def test_fill_sentence():
    assert fill("the quick brown fox", 9) == "the quick\nbrown fox"


def test_long_word_stands_alone():
    assert wrap("supercalifragilistic is long", 10) == ["supercalifragilistic", "is long"]


def test_empty_text():
    assert wrap("   ", 5) == []


def test_indent_and_truncate():
    assert indent("a\n\nb", "> ") == "> a\n\n> b"
    assert truncate("hello world", 8) == "hello..."
    assert truncate("hi", 8) == "hi"
