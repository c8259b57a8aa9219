from estimates import deviation_percent, flag_estimates, total_adjustment


def test_under_estimates_flagged():
    assert flag_estimates({"a": 500, "b": 80}, {"a": 450, "b": 78}, 5) == ["a"]


def test_over_estimates_flagged():
    assert flag_estimates({"m1": 100, "m2": 200}, {"m1": 130, "m2": 205}, 10) == ["m1"]
    assert flag_estimates({"z": 10, "a": 90}, {"z": 40, "a": 60}, 20) == ["a", "z"]


def test_off_by_exactly_tolerance_not_flagged():
    assert flag_estimates({"x": 10, "y": 20}, {"x": 15, "y": 15}, 5) == []


def test_missing_meters_ignored():
    assert flag_estimates({"a": 100, "b": 5}, {"b": 500, "c": 1}, 10) == ["b"]


def test_deviation_percent():
    assert deviation_percent(200, 230) == 15.0
    assert deviation_percent(200, 170) == 15.0
    assert deviation_percent(0, 0) == 0.0
    assert deviation_percent(0, 7) == 100.0


def test_total_adjustment():
    assert total_adjustment({"a": 100, "b": 50, "c": 9}, {"a": 90, "b": 60}) == 0
    assert total_adjustment({"a": 100}, {"a": 70}) == 30
