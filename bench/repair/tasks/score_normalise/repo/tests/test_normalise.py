from normalise import normalise, top_score


def test_zero_scores_are_kept():
    assert normalise([0, 5, 10]) == [0.0, 0.5, 1.0]


def test_top_score():
    assert top_score([3, 9]) == 9
