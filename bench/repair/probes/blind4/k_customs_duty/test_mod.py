from mod import import_duty


def test_above_threshold():
    assert import_duty(1000.0, 0.05) == 50.0


def test_rounding():
    assert import_duty(333.33, 0.1) == 33.33


def test_below_threshold_is_free():
    assert import_duty(99.99, 0.2) == 0.0


def test_exactly_threshold_is_free():
    assert import_duty(150.0, 0.2) == 0.0
