import pytest

from grades import average, distribution, grade_report, letter_grade


def test_clear_cut_scores():
    assert letter_grade(95) == "A"
    assert letter_grade(72) == "C"
    assert letter_grade(12) == "F"


def test_band_boundaries():
    assert letter_grade(90) == "A"
    assert letter_grade(80) == "B"
    assert letter_grade(60) == "D"


def test_out_of_range():
    with pytest.raises(ValueError):
        letter_grade(101)


def test_average():
    assert average([70, 85, 90]) == 81.7


def test_report_and_distribution():
    report = grade_report({"ann": [88, 92], "bob": [55, 61], "cy": [99]})
    assert report == {"ann": "A", "bob": "F", "cy": "A"}
    assert distribution(report) == {"A": 2, "F": 1}
