from mod import max_heart_rate, zone


def test_max_heart_rate():
    assert max_heart_rate(40) == 180


def test_low_heart_rate_is_rest():
    assert zone(80, 20) == "rest"


def test_zone_boundaries():
    assert zone(100, 20) == "warm-up"
    assert zone(120, 20) == "fat burn"
    assert zone(140, 20) == "cardio"
    assert zone(160, 20) == "peak"


def test_just_below_boundary():
    assert zone(139, 20) == "fat burn"
    assert zone(159, 20) == "cardio"
