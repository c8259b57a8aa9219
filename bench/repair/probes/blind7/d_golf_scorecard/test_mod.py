from mod import score_to_par, format_to_par, hole_labels


def test_full_round():
    assert score_to_par([4, 3, 5], [4, 4, 4]) == 0


def test_round_in_progress():
    assert score_to_par([5, 4], [4, 4, 3, 5]) == 1


def test_format_to_par():
    assert format_to_par(0) == "E"
    assert format_to_par(3) == "+3"
    assert format_to_par(-2) == "-2"


def test_partial_round_formatted():
    assert format_to_par(score_to_par([4, 4], [5, 5, 5])) == "-2"


def test_hole_labels():
    assert hole_labels([3, 5, 4, 8], [4, 4, 4, 4]) == ["birdie", "bogey", "par", "+4"]
