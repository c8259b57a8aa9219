from clashes import overlaps, room_clashes, teacher_load


def test_overlapping_lessons_on_the_same_day():
    assert overlaps({"day": "Mon", "start": 540, "end": 600}, {"day": "Mon", "start": 570, "end": 630})
    assert overlaps({"day": "Fri", "start": 600, "end": 660}, {"day": "Fri", "start": 540, "end": 720})


def test_back_to_back_lessons_do_not_overlap():
    assert not overlaps({"day": "Mon", "start": 540, "end": 600}, {"day": "Mon", "start": 600, "end": 660})


def test_same_time_on_different_days_does_not_overlap():
    assert not overlaps({"day": "Mon", "start": 540, "end": 600}, {"day": "Tue", "start": 540, "end": 600})


def test_room_clashes():
    lessons = [
        {"day": "Mon", "start": 540, "end": 600, "room": "Lab 1", "teacher": "Kay"},
        {"day": "Mon", "start": 560, "end": 620, "room": "Lab 1", "teacher": "Orr"},
        {"day": "Mon", "start": 540, "end": 600, "room": "Hall", "teacher": "Lin"},
        {"day": "Wed", "start": 540, "end": 600, "room": "Lab 1", "teacher": "Kay"},
    ]
    assert room_clashes(lessons) == [(0, 1)]
    assert room_clashes([]) == []


def test_teacher_load():
    lessons = [
        {"day": "Mon", "start": 540, "end": 600, "room": "A", "teacher": "Kay"},
        {"day": "Tue", "start": 600, "end": 690, "room": "B", "teacher": "Kay"},
        {"day": "Tue", "start": 540, "end": 580, "room": "B", "teacher": "Lin"},
    ]
    assert teacher_load(lessons) == {"Kay": 150, "Lin": 40}
