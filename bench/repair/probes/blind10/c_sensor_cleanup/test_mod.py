from mod import clean, coverage, mean_temperature


def test_clean():
    assert clean([12.5, None, 13.0]) == [12.5, 13.0]
    assert clean([1.0, -999.0, 2.0]) == [1.0, 2.0]


def test_mean_temperature():
    assert mean_temperature([20.0, 22.0, None]) == 21.0
    assert mean_temperature([None, None]) is None


def test_mean_with_dropouts():
    assert mean_temperature([10.0, -999.0, 12.0]) == 11.0


def test_coverage():
    assert coverage([1.0, None, 2.0, 3.0]) == 0.75
    assert coverage([]) == 0.0
