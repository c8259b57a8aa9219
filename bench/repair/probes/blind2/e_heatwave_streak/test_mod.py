from mod import longest_heatwave


def test_simple_streak():
    assert longest_heatwave([28.0, 31.5, 32.0, 33.1, 29.0, 31.0]) == 3


def test_no_hot_days():
    assert longest_heatwave([20.0, 22.5, 25.0]) == 0


def test_missing_reading_breaks_streak():
    assert longest_heatwave([31.0, 32.0, None, 33.0, 34.0, 35.0, 20.0]) == 3
