from mod import grade_counts, letter


def test_letters():
    assert letter(95) == "A"
    assert letter(85) == "B"
    assert letter(72) == "C"
    assert letter(64) == "D"
    assert letter(30) == "F"


def test_boundary_scores_get_the_higher_grade():
    assert letter(90) == "A"
    assert letter(60) == "D"


def test_grade_counts():
    assert grade_counts([95, 91, 78, 40, 88]) == {"A": 2, "C": 1, "F": 1, "B": 1}
