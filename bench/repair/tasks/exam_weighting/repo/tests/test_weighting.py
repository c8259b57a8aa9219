from weighting import class_marks, top_pupil, weighted_mark


def test_weighted_mark_is_rounded_to_one_decimal():
    assert weighted_mark({"coursework": 70, "exam": 65}, {"coursework": 1, "exam": 2}) == 66.7


def test_equal_weights():
    assert weighted_mark({"coursework": 80, "exam": 60}, {"coursework": 1, "exam": 1}) == 70.0


def test_missing_component_counts_as_zero():
    assert weighted_mark({"exam": 90}, {"coursework": 1, "exam": 2}) == 60.0


def test_class_marks():
    pupils = {"Ann": {"cw": 55, "exam": 72}, "Bo": {"cw": 81, "exam": 40}}
    assert class_marks(pupils, {"cw": 1, "exam": 2}) == {"Ann": 66.3, "Bo": 53.7}


def test_top_pupil():
    pupils = {"Cy": {"cw": 50, "exam": 50}, "Ann": {"cw": 90, "exam": 70}, "Bo": {"cw": 70, "exam": 85}}
    assert top_pupil(pupils, {"cw": 1, "exam": 2}) == "Bo"
    assert top_pupil({}, {"cw": 1}) is None
