from bands import grade_counts, grade_for, pass_rate


def test_grade_boundaries():
    assert grade_for(100) == "A*"
    assert grade_for(90) == "A*"
    assert grade_for(89.5) == "A"
    assert grade_for(40) == "E"
    assert grade_for(39) == "U"
    assert grade_for(0) == "U"


def test_negative_score_is_invalid():
    assert grade_for(-1) is None


def test_score_above_hundred_is_invalid():
    assert grade_for(100.5) is None
    assert grade_for(112) is None


def test_grade_counts():
    assert grade_counts([95, 72, 78, 30, -5]) == {"A*": 1, "B": 2, "U": 1}
    assert grade_counts([101, 64]) == {"C": 1}


def test_pass_rate():
    assert pass_rate([95, 65, 55, 30]) == 50.0
    assert pass_rate([95, 65, 55], pass_grade="D") == 100.0
    assert pass_rate([]) == 0.0
    assert pass_rate([150, 45]) == 0.0
