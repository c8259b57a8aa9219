from curve import curve_scores, passed


def test_curve_caps_at_maximum():
    assert curve_scores([50, 88, 97], 5, 100) == [55, 93, 100]


def test_curve_of_no_scores():
    assert curve_scores([], 5, 100) == []


def test_passed():
    assert passed([40, 55, 70, 49], 50) == 2
