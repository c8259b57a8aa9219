from mod import roster_by_section


def test_single_section():
    assert roster_by_section([("Ava", "A")]) == {"A": ["Ava"]}


def test_sections_are_alphabetical():
    enrollments = [("Zoe", "A"), ("Liam", "B"), ("Ava", "A"), ("Emma", "B")]
    assert roster_by_section(enrollments) == {
        "A": ["Ava", "Zoe"],
        "B": ["Emma", "Liam"],
    }
