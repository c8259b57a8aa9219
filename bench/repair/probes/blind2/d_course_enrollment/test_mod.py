from mod import Course


def test_enroll_until_full():
    course = Course("BIO101", 2)
    assert course.enroll("s1") is True
    assert course.enroll("s2") is True
    assert course.enroll("s3") is False
    assert course.seats_left() == 0


def test_same_student_twice():
    course = Course("MATH200", 3)
    assert course.enroll("s1") is True
    assert course.enroll("s1") is False
    assert course.seats_left() == 2
