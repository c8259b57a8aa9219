from enrollment import enroll, seats_requested


def test_plenty_of_room():
    assert enroll(10, [("ann", 2), ("bob", 3)]) == ["ann", "bob"]


def test_course_fills_up():
    assert enroll(5, [("ann", 3), ("bob", 2), ("cy", 1)]) == ["ann", "bob"]
    assert enroll(4, [("ann", 5), ("bob", 4)]) == ["bob"]


def test_seats_requested():
    assert seats_requested([("ann", 3), ("bob", 2)]) == 5
