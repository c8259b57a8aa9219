from snippets import context, find_word


def test_find_word():
    assert find_word(["a", "B", "c"], "b") == 1
    assert find_word([], "x") == -1


def test_missing_word_gives_empty_context():
    assert context("one two", "three", 2) == ""


def test_context_on_both_sides():
    assert context("the quick brown fox jumps over", "fox", 1) == "brown fox jumps"
    assert context("the quick brown fox jumps over", "fox", 2) == "quick brown fox jumps over"
    assert context("Alpha beta gamma", "alpha", 1) == "Alpha beta"
    assert context("solo", "solo", 3) == "solo"
