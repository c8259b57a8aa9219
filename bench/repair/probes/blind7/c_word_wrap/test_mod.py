from mod import wrap, wrap_paragraphs


def test_empty_text():
    assert wrap("", 10) == []


def test_fits_on_one_line():
    assert wrap("hello world", 20) == ["hello world"]


def test_several_lines():
    assert wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"]


def test_lines_filled_exactly_to_width():
    assert wrap("aa bb cc dd ee", 5) == ["aa bb", "cc dd", "ee"]


def test_long_word_on_its_own_line():
    assert wrap("a supercalifragilistic word", 8) == ["a", "supercalifragilistic", "word"]


def test_paragraphs():
    assert wrap_paragraphs("one two three\n\nfour five", 7) == "one two\nthree\n\nfour\nfive"
