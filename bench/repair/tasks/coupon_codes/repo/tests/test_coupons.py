from coupons import discounted, known


def test_no_coupon():
    assert discounted(80, None) == 80


def test_coupon():
    assert discounted(80, "SAVE10") == 72.0


def test_known():
    assert known("HALF") and not known("FREE")
