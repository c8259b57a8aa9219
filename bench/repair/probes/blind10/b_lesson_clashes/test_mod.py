from mod import overlaps, room_clashes, teacher_clashes


def lesson(day, start, end, room="R1", teacher="Ms Ortiz"):
    return {"day": day, "start": start, "end": end, "room": room, "teacher": teacher}


def test_overlaps():
    assert overlaps(lesson("Mon", 480, 525), lesson("Mon", 500, 545))
    assert not overlaps(lesson("Mon", 480, 525), lesson("Mon", 525, 570))


def test_room_clashes():
    lessons = [
        lesson("Mon", 480, 525, room="R1", teacher="A"),
        lesson("Mon", 500, 545, room="R1", teacher="B"),
        lesson("Tue", 480, 525, room="R1", teacher="C"),
    ]
    assert room_clashes(lessons) == [(0, 1)]


def test_teacher_clashes():
    lessons = [
        lesson("Mon", 480, 525, room="R1", teacher="A"),
        lesson("Wed", 480, 525, room="R2", teacher="A"),
        lesson("Mon", 540, 585, room="R3", teacher="A"),
    ]
    assert teacher_clashes(lessons) == []
