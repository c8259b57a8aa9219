from mod import weighted_gpa


def test_mixed_credits():
    assert weighted_gpa([("A", 4), ("B", 3), ("C", 3)]) == 3.1


def test_pass_fail_ignored():
    assert weighted_gpa([("A", 3), ("P", 1)]) == 4.0


def test_no_graded_courses():
    assert weighted_gpa([("P", 2)]) == 0.0
