from tokens import read_words, statements


def test_words_without_terminator():
    assert read_words(["a", "b"]) == ["a", "b"]


def test_words_with_terminator():
    assert read_words(["a", ";", "b"]) == ["a"]


def test_statements():
    assert statements(["a", ";", "b", ";"]) == 2
