from signs import labels, sign_label


def test_positive():
    assert sign_label(7) == "positive"


def test_negative_and_zero():
    assert labels([-2, 0]) == ["negative", "zero"]
