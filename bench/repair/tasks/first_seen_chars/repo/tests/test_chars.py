from chars import unique_chars, vowel_count


def test_unique_chars():
    assert unique_chars("mississippi") == "misp"


def test_vowel_count():
    assert vowel_count("Banana") == 3
