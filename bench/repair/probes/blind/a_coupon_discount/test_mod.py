from mod import apply_coupon


def test_known_code():
    assert apply_coupon(100.0, " welcome10") == 90.0


def test_unknown_code():
    assert apply_coupon(80.0, "BOGUS") == 80.0


def test_no_code():
    assert apply_coupon(42.5, None) == 42.5
