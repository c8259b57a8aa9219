from titles import capitalize_words, word_count


def test_repeated_spaces_are_kept():
    assert capitalize_words("hello  world") == "Hello  World"
    assert capitalize_words(" dear sir ") == " Dear Sir "


def test_simple_sentence():
    assert capitalize_words("the quick fox") == "The Quick Fox"


def test_capitals_and_digits_untouched():
    assert capitalize_words("NASA rocks 3d") == "NASA Rocks 3d"


def test_word_count():
    assert word_count("  two   words ") == 2
