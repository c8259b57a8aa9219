import pytest

from mod import Gradebook


def test_subject_average():
    book = Gradebook()
    book.add("ali", "maths", 70)
    book.add("ali", "maths", 90)
    assert book.subject_average("ali", "maths") == 80.0


def test_average_is_rounded():
    book = Gradebook()
    for score in (80, 85, 85):
        book.add("ben", "art", score)
    assert book.subject_average("ben", "art") == 83.3


def test_score_out_of_range():
    book = Gradebook()
    with pytest.raises(ValueError):
        book.add("ali", "maths", 105)


def test_report():
    book = Gradebook()
    book.add("kim", "science", 64)
    book.add("kim", "english", 91)
    book.add("kim", "english", 88)
    assert book.report("kim") == ["english: 89.5", "science: 64.0"]
    assert book.report("nobody") == []
