from tokens import token_kinds, tokenize, words


def test_tokenize_sentence():
    assert tokenize("Hello, wiki world!") == ["Hello", ",", "wiki", "world", "!"]


def test_apostrophes_and_numbers():
    assert tokenize("it's 2 o'clock") == ["it's", "2", "o'clock"]


def test_markup_marks():
    assert tokenize("**bold** [[Page]]") == ["*", "*", "bold", "*", "*", "[", "[", "Page", "]", "]"]
    assert tokenize("a-b") == ["a", "b"]


def test_single_word_and_empty_text():
    assert tokenize("word") == ["word"]
    assert tokenize("") == []
    assert tokenize("   ") == []


def test_words():
    assert words("The 3 Cats, the dog.") == ["the", "cats", "the", "dog"]


def test_token_kinds():
    assert token_kinds("Page 2: intro.") == {"word": 2, "number": 1, "punct": 2}
    assert token_kinds("") == {"word": 0, "number": 0, "punct": 0}
