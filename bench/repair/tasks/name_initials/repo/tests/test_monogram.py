from monogram import monogram, word_total


def test_monogram():
    assert monogram("Grace Brewster Hopper") == "GBH"


def test_word_total():
    assert word_total(["a b", "c"]) == 3
