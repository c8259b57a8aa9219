from mod import average, honor_roll


def test_average():
    assert average([80, 90, 100]) == 90


def test_high_averages_make_the_roll():
    students = {"zoe": [90, 88, 95], "ali": [85, 85, 85], "tom": [70, 80, 75]}
    assert honor_roll(students) == ["ali", "zoe"]


def test_failed_subject_keeps_student_off():
    students = {"kim": [100, 100, 100, 45], "eva": [88, 90, 86, 92]}
    assert honor_roll(students) == ["eva"]


def test_empty_class():
    assert honor_roll({}) == []
