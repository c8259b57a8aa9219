from mod import out_of_band_readings


def test_all_in_band():
    assert out_of_band_readings([21.0, 22.5, 23.0], 22.0, 1.5) == 0


def test_too_hot():
    assert out_of_band_readings([22.0, 25.0, 26.1], 22.0, 2.0) == 2


def test_too_cold():
    assert out_of_band_readings([18.0, 22.0, 21.5], 22.0, 2.0) == 1


def test_empty():
    assert out_of_band_readings([], 20.0, 1.0) == 0
