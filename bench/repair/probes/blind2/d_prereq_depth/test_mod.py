from mod import advanced_courses, prerequisite_depth

CATALOG = {
    "CS101": [],
    "CS201": ["CS101"],
    "MATH150": [],
    "CS301": ["CS201", "MATH150"],
}


def test_intro_course():
    assert prerequisite_depth("CS101", CATALOG) == 0


def test_chain():
    assert prerequisite_depth("CS301", CATALOG) == 2


def test_unknown_course_has_no_prereqs():
    assert prerequisite_depth("ART100", CATALOG) == 0


def test_advanced_courses():
    assert advanced_courses(CATALOG, 1) == ["CS201", "CS301"]
