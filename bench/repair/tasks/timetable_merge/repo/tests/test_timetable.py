from timetable import clashes, merge_lessons, subjects_by_time


def test_merge_interleaves_by_start_time():
    morning = [["09:00", "Maths"], ["11:00", "History"]]
    extra = [["10:00", "Choir"], ["12:00", "Chess club"]]
    assert merge_lessons(morning, extra) == [
        ["09:00", "Maths"],
        ["10:00", "Choir"],
        ["11:00", "History"],
        ["12:00", "Chess club"],
    ]


def test_merge_when_second_runs_out_first():
    day = [["08:30", "Registration"], ["09:00", "English"], ["14:00", "PE"]]
    clubs = [["08:45", "Assembly"]]
    assert merge_lessons(day, clubs) == [
        ["08:30", "Registration"],
        ["08:45", "Assembly"],
        ["09:00", "English"],
        ["14:00", "PE"],
    ]


def test_merge_with_empty_timetables():
    assert merge_lessons([], [["09:00", "Art"]]) == [["09:00", "Art"]]
    assert merge_lessons([["09:00", "Art"]], []) == [["09:00", "Art"]]
    assert merge_lessons([], []) == []


def test_same_start_keeps_first_timetable_first():
    assert merge_lessons([["10:00", "Biology"]], [["10:00", "Drama"], ["11:00", "French"]]) == [
        ["10:00", "Biology"],
        ["10:00", "Drama"],
        ["11:00", "French"],
    ]


def test_clashes():
    lessons = [["09:00", "Maths"], ["09:00", "Choir"], ["09:00", "Art"], ["10:00", "PE"], ["11:00", "Latin"]]
    assert clashes(lessons) == ["09:00"]
    assert clashes([]) == []


def test_subjects_by_time():
    lessons = [["09:00", "Maths"], ["09:00", "Choir"], ["10:00", "PE"]]
    assert subjects_by_time(lessons) == {"09:00": ["Maths", "Choir"], "10:00": ["PE"]}
