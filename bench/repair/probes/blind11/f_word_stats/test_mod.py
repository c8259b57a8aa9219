from mod import words, word_frequencies, shortest_word, average_word_length


def test_words():
    assert words("Hello, world!") == ["hello", "world"]
    assert words("  ") == []
    assert words("(It's) fine.") == ["it's", "fine"]


def test_word_frequencies():
    assert word_frequencies("the cat and the hat") == {"the": 2, "cat": 1, "and": 1, "hat": 1}
    assert word_frequencies("") == {}


def test_shortest_word_empty():
    assert shortest_word("") == ""
    assert shortest_word("...") == ""


def test_shortest_word():
    assert shortest_word("Elephants are big") == "are"
    assert shortest_word("hello") == "hello"


def test_average_word_length():
    assert average_word_length("ab abcd") == 3.0
    assert average_word_length("a bb bb") == 1.67
    assert average_word_length("") == 0.0
