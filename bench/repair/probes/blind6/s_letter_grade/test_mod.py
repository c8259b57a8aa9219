import pytest

from mod import grade_distribution, letter_grade


def test_clear_grades():
    assert letter_grade(95) == "A"
    assert letter_grade(72) == "C"
    assert letter_grade(12) == "F"


def test_boundary_gets_higher_grade():
    assert letter_grade(80) == "B"


def test_out_of_range():
    with pytest.raises(ValueError):
        letter_grade(101)


def test_distribution():
    assert grade_distribution([91, 85, 40, 65]) == {"A": 1, "B": 1, "C": 0, "D": 1, "F": 1}
