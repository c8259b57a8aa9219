from mod import apply_gain


def test_zero_gain_keeps_volume():
    assert apply_gain(50, 0) == 50


def test_negative_gain_halves_roughly():
    assert apply_gain(50, -6) == 25


def test_positive_gain_doubles_roughly():
    assert apply_gain(40, 6) == 80


def test_clamped_to_maximum():
    assert apply_gain(80, 6) == 100


def test_silence_stays_silent():
    assert apply_gain(0, 12) == 0
