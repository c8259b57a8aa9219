import pytest

from mod import weighted_mark


def test_equal_weights():
    assert weighted_mark({"exam": 80, "project": 60}, {"exam": 1, "project": 1}) == 70.0


def test_component_names_ignore_case():
    assert weighted_mark({"Exam": 70, "coursework": 90}, {"exam": 0.6, "Coursework": 0.4}) == 78.0


def test_missing_component():
    with pytest.raises(KeyError):
        weighted_mark({"exam": 50}, {"exam": 0.5, "quiz": 0.5})


def test_zero_weights():
    with pytest.raises(ValueError):
        weighted_mark({"exam": 50}, {"exam": 0})
