from keywords import keywords, unique_sorted


def test_keywords_distinct_and_sorted():
    assert keywords("Sea of Red Sea") == ["red", "sea"]


def test_stop_words_dropped():
    assert keywords("the cat and the hat") == ["cat", "hat"]


def test_unique_sorted():
    assert unique_sorted(["b", "a", "b"]) == ["a", "b"]
