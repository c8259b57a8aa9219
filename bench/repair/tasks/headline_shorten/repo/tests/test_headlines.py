from headlines import cut_at_word, shorten


def test_cut_at_word():
    assert cut_at_word("ab cd", 10) == "ab cd"
    assert cut_at_word("ab cd ef", 5) == "ab cd"
    assert cut_at_word("ab cd ef", 4) == "ab"
    assert cut_at_word("abcdefgh", 5) == "abcde"


def test_short_headline_unchanged():
    assert shorten("Short one", 20) == "Short one"
    assert shorten("Exactly", 7) == "Exactly"


def test_shorten_fills_width():
    assert shorten("Local team wins the cup", 13) == "Local team..."
    assert shorten("Local team wins the cup", 12) == "Local..."
    assert shorten("Supercalifragilistic", 10) == "Superca..."
