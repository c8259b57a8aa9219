from mod import reading_buddies


def test_even_class():
    students = [("ali", 3), ("ben", 9), ("kim", 5), ("zoe", 7)]
    assert reading_buddies(students) == ([("ben", "ali"), ("zoe", "kim")], None)


def test_odd_class_has_one_left_over():
    students = [("ali", 3), ("ben", 9), ("kim", 5)]
    assert reading_buddies(students) == ([("ben", "ali")], "kim")


def test_empty_class():
    assert reading_buddies([]) == ([], None)
