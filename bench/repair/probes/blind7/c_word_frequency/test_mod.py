from mod import tokenize, word_counts, top_words


def test_tokenize_strips_punctuation_and_case():
    assert tokenize("Hello, world!") == ["hello", "world"]


def test_tokenize_punctuation_only():
    assert tokenize("--- ...") == []


def test_word_counts():
    assert word_counts("the cat and the hat") == {"the": 2, "cat": 1, "and": 1, "hat": 1}


def test_counts_ignore_case():
    assert word_counts("Go go GO!") == {"go": 3}


def test_top_words():
    assert top_words("b a b c a b", 2) == [("b", 3), ("a", 2)]
