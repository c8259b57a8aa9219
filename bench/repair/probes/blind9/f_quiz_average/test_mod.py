import pytest

from mod import average_dropping_lowest, class_averages


def test_lowest_score_is_dropped():
    assert average_dropping_lowest([80, 90, 40, 70]) == 80.0


def test_single_score():
    assert average_dropping_lowest([65]) == 65.0


def test_no_scores():
    with pytest.raises(ValueError):
        average_dropping_lowest([])


def test_class_averages():
    gradebook = {"ali": [7, 9, 8], "ben": [10, 10, 2, 9]}
    assert class_averages(gradebook) == {"ali": 8.5, "ben": 9.7}
