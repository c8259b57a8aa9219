from lines import line_count, split_lines


def test_split_lines():
    assert split_lines(["the", "quick", "brown", "fox"], 9) == ["the quick", "brown fox"]


def test_no_words():
    assert line_count([], 5) == 0
