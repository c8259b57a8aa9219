from mod import reflow, wrap


def test_short_text_unchanged():
    assert wrap("hello", 10) == ["hello"]


def test_breaks_at_spaces():
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]


def test_long_word_split():
    assert wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]


def test_reflow():
    assert reflow("one two\nthree\n\nfour", 9) == "one two\nthree\n\nfour"
