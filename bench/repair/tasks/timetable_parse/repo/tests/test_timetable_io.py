from timetable_io import lessons_per_subject, parse_timetable, rooms_used

WEEK = """
# Year 8, set 2
Monday:
09:00 Maths R12
10:00 English R4

Tuesday:
09:00 Science Lab1
# swimming is off-site
11:00 Maths R12
"""


def test_parse_days_and_lessons():
    assert parse_timetable(WEEK) == {
        "Monday": [["09:00", "Maths", "R12"], ["10:00", "English", "R4"]],
        "Tuesday": [["09:00", "Science", "Lab1"], ["11:00", "Maths", "R12"]],
    }


def test_day_without_lessons():
    assert parse_timetable("Friday:\n\nSaturday:\n") == {"Friday": [], "Saturday": []}


def test_empty_text():
    assert parse_timetable("") == {}
    assert parse_timetable("# nothing yet\n\n") == {}


def test_rooms_used():
    timetable = {
        "Monday": [["09:00", "Maths", "R12"], ["10:00", "Art", "R2"]],
        "Tuesday": [["09:00", "Maths", "R12"]],
    }
    assert rooms_used(timetable) == ["R12", "R2"]


def test_lessons_per_subject():
    timetable = {
        "Monday": [["09:00", "Maths", "R12"], ["10:00", "Art", "R2"]],
        "Tuesday": [["09:00", "Maths", "R12"]],
        "Wednesday": [],
    }
    assert lessons_per_subject(timetable) == {"Maths": 2, "Art": 1}
