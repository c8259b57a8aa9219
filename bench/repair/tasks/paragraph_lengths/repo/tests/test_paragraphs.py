from paragraphs import non_blank_lines, paragraph_word_counts


def test_multi_line_paragraphs():
    assert paragraph_word_counts("one two\nthree\n\nfour five six\n") == [3, 3]


def test_several_blank_lines_between_paragraphs():
    assert paragraph_word_counts("a b\n\n  \n\nc") == [2, 1]


def test_single_line_and_empty_text():
    assert paragraph_word_counts("hello world") == [2]
    assert paragraph_word_counts("") == []
    assert paragraph_word_counts("\n\n") == []


def test_non_blank_lines():
    assert non_blank_lines("a\n\n b\n  \n") == 2
