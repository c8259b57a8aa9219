from wordfreq import most_common, word_counts


def test_case_ignored_by_default():
    assert word_counts("The cat saw the dog") == {"the": 2, "cat": 1, "saw": 1, "dog": 1}


def test_case_sensitive():
    assert word_counts("Go go go", case_sensitive=True) == {"Go": 1, "go": 2}


def test_most_common():
    assert most_common({"b": 2, "a": 2, "c": 1}) == "a"
    assert most_common({"x": 1, "y": 3}) == "y"
