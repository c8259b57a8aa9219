from mod import letter_grade, grade_counts


def test_top_grade():
    assert letter_grade(95) == "A"


def test_failing_grade():
    assert letter_grade(42) == "F"


def test_boundary_b():
    assert letter_grade(80) == "B"


def test_grade_counts():
    assert grade_counts([91, 85, 80, 59]) == {"A": 1, "B": 2, "F": 1}
