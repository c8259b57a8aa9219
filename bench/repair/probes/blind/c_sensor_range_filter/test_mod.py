from mod import clean_readings


def test_out_of_range_dropped():
    assert clean_readings([12.5, -80.0, 19.0, 300.0], -40, 60) == [12.5, 19.0]


def test_missing_values_dropped():
    assert clean_readings([21.0, None, 22.5, None], 0, 50) == [21.0, 22.5]


def test_bounds_inclusive():
    assert clean_readings([0, 50], 0, 50) == [0, 50]
