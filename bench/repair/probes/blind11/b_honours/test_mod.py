from mod import letter_grade, grade_counts, honours, honours_list


def test_letter_grade():
    assert letter_grade(95) == "A"
    assert letter_grade(80) == "B"
    assert letter_grade(72) == "C"
    assert letter_grade(40) == "F"


def test_grade_counts():
    assert grade_counts([95, 91, 65, 30]) == {"A": 2, "D": 1, "F": 1}
    assert grade_counts([]) == {}


def test_honours():
    assert honours([90, 95, 88]) is True
    assert honours([60, 65, 70]) is False


def test_honours_list():
    pupils = {"zoe": [90, 92], "adam": [88, 86], "ben": [50, 60]}
    assert honours_list(pupils) == ["adam", "zoe"]


def test_no_honours_with_one_weak_subject():
    # top marks everywhere but failed one subject: should not get honours
    assert honours([100, 100, 100, 60]) is False
