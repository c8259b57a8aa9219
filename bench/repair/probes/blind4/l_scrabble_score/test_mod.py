from mod import word_score


def test_uppercase_word():
    assert word_score("QUIZ") == 22


def test_lowercase_word():
    assert word_score("quiz") == 22


def test_mixed_case_word():
    assert word_score("Hello") == 8


def test_double_word():
    assert word_score("CAT", double_word=True) == 10


def test_blank_tile_scores_zero():
    assert word_score("C?T") == 4


def test_empty_word():
    assert word_score("") == 0
