from mod import count_pupils, largest_class

SCHOOL = {
    "Year 7": {"7A": ["Ann", "Ben", "Cal"], "7B": ["Dee", "Eli"]},
    "Year 8": {"8A": ["Fay", "Gus", "Hal", "Ivy"]},
}


def test_single_class():
    assert count_pupils(["Ann", "Ben"]) == 2


def test_whole_school():
    assert count_pupils(SCHOOL) == 9


def test_largest_class():
    assert largest_class(SCHOOL) == (("Year 8", "8A"), 4)
