from mod import count_frost_days


def test_no_frost():
    assert count_frost_days([3.2, 1.0, 5.5]) == 0


def test_some_frost():
    assert count_frost_days([-1.5, 2.0, -0.1, 0.0]) == 2


def test_empty():
    assert count_frost_days([]) == 0


def test_missing_readings_skipped():
    assert count_frost_days([-2.0, None, -3.1, None, 4.0]) == 2
