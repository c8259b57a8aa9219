from headlines import trim_headline, word_count


def test_short_title_unchanged():
    assert trim_headline("Local team wins cup", 40) == "Local team wins cup"


def test_long_title_cut():
    assert trim_headline("Storm closes coastal roads overnight", 20) == "Storm closes coas..."


def test_word_count():
    assert word_count("Storm closes coastal roads") == 4
