from mod import headline


def test_small_words_lowercase():
    assert headline("the lord of the rings") == "The Lord of the Rings"


def test_extra_spaces():
    assert headline("  war   and peace ") == "War and Peace"


def test_shouting_input():
    assert headline("WAR AND PEACE") == "War and Peace"


def test_empty():
    assert headline("") == ""
