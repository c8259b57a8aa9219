from mod import honor_roll


def test_basic_selection():
    students = [
        {"name": "Zoe", "grades": [90, 95], "failed": 0},
        {"name": "Adam", "grades": [70, 80], "failed": 0},
        {"name": "Mia", "grades": [88, 86], "failed": 0},
    ]
    assert honor_roll(students) == ["Mia", "Zoe"]


def test_failed_course_disqualifies():
    students = [
        {"name": "Liam", "grades": [95, 92, 90], "failed": 1},
        {"name": "Noah", "grades": [86, 87], "failed": 0},
    ]
    assert honor_roll(students) == ["Noah"]


def test_student_without_grades_skipped():
    assert honor_roll([{"name": "New", "grades": [], "failed": 0}]) == []


def test_custom_threshold():
    students = [{"name": "Ana", "grades": [80, 82], "failed": 0}]
    assert honor_roll(students, min_average=80) == ["Ana"]
